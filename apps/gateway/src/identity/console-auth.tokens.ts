export const SIGN_IN_THROTTLE = Symbol('SignInThrottle');
