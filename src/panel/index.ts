// The Blast Radius panel's public face: the extension's activate() needs only this.
export { registerBlastRadiusPanel, SHOW_BLAST_RADIUS_COMMAND, type ShowBlastRadiusArgs } from './register';
