// Package event names the webhook event types (docs/api.md, Webhooks): the
// one vocabulary of the task events a store records, the deliveries the
// dispatcher sends and the events a receiver reads. It imports nothing, so
// the store, the worker and package webhook (standard library only) can
// all use it.
package event

// Event types.
const (
	// TaskCompleted: a task finished with its documents extracted (or none
	// of the requested type found).
	TaskCompleted = "task.completed"
	// TaskFailed: a task failed (processing_failed, insufficient_credits).
	TaskFailed = "task.failed"
	// EndpointTest: a test delivery sent on request to one endpoint.
	EndpointTest = "endpoint.test"
)
