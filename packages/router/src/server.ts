/**
 * The router of a server render (the shell's server): the same react-router copy as `@store/router`
 * in that build, so the routes of the shell and of the remotes' server containers (which take
 * `@store/router` from the shell through federation) read the location it gives.
 */
export { StaticRouter } from 'react-router-dom';
