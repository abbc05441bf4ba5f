/** What the sampler takes from ajv (peers.ts imports this module to probe the installed ajv). */
export { Ajv2020 } from 'ajv/dist/2020.js';
