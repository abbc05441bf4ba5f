/** What generator/launch.mjs adds to `import.meta` in its compiled copy of each module. */
interface ImportMeta {
  /** The URL of the TypeScript source the running module was compiled from, relative to the module's own URL (absent when it runs as TypeScript). */
  readonly source?: string;
}
