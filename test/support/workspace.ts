/** A workspace as `ops workspace:create` prints it: its id and one API key per mode. */
export interface Workspace {
  id: string;
  keys: { test: string; live: string };
}
