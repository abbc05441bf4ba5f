/** What every emitter returns and the writer takes: relative path (`/`-separated) → file contents. */
export type Files = Map<string, string>;
