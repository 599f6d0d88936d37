export { crypt1Decrypter, crypt1DecrypterFor, crypt1Password, type Crypt1Password } from './geoserver-security';
export { openCrypt1 } from './open-crypt1';
export type { SecurityFiles } from './security-files';
