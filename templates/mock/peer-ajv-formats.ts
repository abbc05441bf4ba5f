/** What the sampler takes from ajv-formats (peers.ts imports this module to probe the installed ajv-formats). */
export { default } from 'ajv-formats';
