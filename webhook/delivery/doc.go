// Package delivery is the sending side of docextract webhooks: it builds
// event bodies (task.completed inline or by reference, task.failed,
// endpoint.test), decides which endpoint receives which event (the filters
// of docs/api.md, Webhooks), sends one signed attempt through an SSRF-safe HTTP client,
// classifies the outcome (docs/api.md, Concepts), and computes the retry schedule.
//
// It is pure mechanism, with no storage: the durable queue of deliveries and
// attempts, leasing and fan-out live with the store and the server, which
// call Sender.Send for one attempt and Policy.Next for the wait before the
// next one.
//
// The client refuses, at dial time, every destination whose resolved IP is
// loopback, private, link-local or otherwise special-purpose
// (code.dny.dev/ssrf as the net.Dialer Control), so DNS names that resolve
// to internal addresses are refused too. It uses no proxy, follows no
// redirects, answers after 30 s at most and reads at most 64 KiB of a
// response. Only https URLs are accepted, unless Config.AllowPrivate (the
// development switch --webhook-allow-private) admits http and
// loopback/private receivers.
//
// Receivers do not need this package: they import package webhook only.
package delivery
