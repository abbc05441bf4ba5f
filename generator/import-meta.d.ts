/** What generator/launch.mjs adds to `import.meta` in its compiled copy of each module. */
interface ImportMeta {
  /** The URL of the TypeScript source the running module was compiled from (absent when it runs as TypeScript). */
  readonly source?: string;
}
