// The test index for the installed-VSIX run (driver.mjs with SIGHTLINE_IT_VSIX): the same runner and
// results file as the main suite; bundled on its own, so it loads the *.test.js files beside this one.
export { run } from '../suite/index';
