/** The RedisRateLimiter counting test events per webhook endpoint (WEBHOOK_ENDPOINT_TESTS_PER_MINUTE). */
export const ENDPOINT_TEST_LIMITER = Symbol('EndpointTestLimiter');
