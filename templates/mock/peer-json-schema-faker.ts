/** What the sampler takes from json-schema-faker (peers.ts imports this module to probe the installed json-schema-faker). */
export { generateSync } from 'json-schema-faker';
