// Package dashboard is the team dashboard of the reference server, served
// under /dashboard/ by the same binary: a team's webhook endpoints and
// their delivery history, and its credits, in the browser.
//
// It is server-rendered HTML (html/template) with its stylesheet and a few
// lines of JavaScript embedded in the binary: no build step, no CDN. A user
// signs in with a team API key, exchanged for a signed session cookie
// (HttpOnly, SameSite=Strict, Secure when the server's base URL is https);
// every form carries a CSRF token bound to the session, and every page is
// sent with a strict Content-Security-Policy and X-Frame-Options DENY.
//
// Every action goes through the same httpapi.Server operations as the JSON
// management API (CreateEndpoint, UpdateEndpoint, TeamDelivery, ...) and
// the same webhook dispatcher, so the dashboard has no rules of its own.
package dashboard
