package credits_test

import (
	"context"
	"fmt"

	"github.com/docextract/docextract/credits"
)

// An upload of 3 pages holds 3 credits; the task's one document turns out to
// be 2 pages long, so completion captures 2 and voids the remaining 1.
func ExampleMemory() {
	ctx := context.Background()
	var l credits.Memory
	_ = l.Grant(ctx, "team", 10)

	_ = l.Hold(ctx, "team", "task-1", credits.ForPages(3))
	b, _ := l.Balance(ctx, "team")
	fmt.Println("after hold:", b.Available(), "available,", b.Held, "held")

	_ = l.Capture(ctx, "task-1", "doc-1", 2)
	_ = l.Capture(ctx, "task-1", "doc-1", 2) // a retried job: no second charge
	_ = l.Void(ctx, "task-1")
	b, _ = l.Balance(ctx, "team")
	fmt.Println("after completion:", b.Available(), "available,", b.Captured, "captured")

	err := l.Hold(ctx, "team", "task-2", 9)
	fmt.Println(err)
	// Output:
	// after hold: 7 available, 3 held
	// after completion: 8 available, 2 captured
	// docextract: payment: Insufficient credits to process new documents. Please review your account balance.
}

// The rules are pure functions; a store applies them inside its transaction.
func ExampleApplyCapture() {
	b := credits.Balance{Granted: 5}
	b, h, _ := credits.ApplyHold(b, "task-1", "team", 2)
	// The document has 3 pages: 2 come from the hold, 1 from the balance.
	b, h, _ = credits.ApplyCapture(b, h, 3)
	fmt.Println(b.Available(), b.Held, b.Captured, h.Remaining)
	// Output: 2 0 3 0
}
