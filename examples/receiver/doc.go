// Command receiver is a complete, deployable docextract webhook receiver
// built on package webhook alone (standard library only).
//
// It verifies every delivery, records each event id durably in an
// append-only file before acknowledging (so a retried or redelivered event
// is acknowledged without being processed twice, across restarts), writes
// each new event as a JSON line to standard output for the next stage to
// consume, and shuts down gracefully on SIGINT or SIGTERM.
//
// Usage:
//
//	receiver [-addr :8000] [-path /webhooks/docextract] [-store events.log]
//	         [-secrets whsec_...,whsec_...]
//
// Every flag has an environment variable: RECEIVER_ADDR, RECEIVER_PATH,
// RECEIVER_STORE, WEBHOOK_SECRETS (comma-separated; give the old and the new
// secret during rotation). Serve it behind TLS: the service sends to https
// URLs only.
package main
