/** One rule for every console person's email, kept with the sessions in libs/identity. */
export { parseConsoleEmail } from '@eh/identity';
