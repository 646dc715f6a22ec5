package hdd_test

import (
	"bytes"
	"context"
	"fmt"
	"log"

	"github.com/hddreduce/hdd/grammars/json"
	"github.com/hddreduce/hdd/hdd"
)

// Reduce a JSON payload to what makes a (simulated) service fail: the tag
// "crash" in an order with more than one item.
func ExampleReducer_Reduce() {
	doc, err := json.Parse([]byte(`{
  "customer": {"name": "Ada", "email": "ada@example.com"},
  "items": [{"sku": "A1", "qty": 2}, {"sku": "B7", "qty": 1}],
  "tags": ["gift", "crash", "express"]
}`))
	if err != nil {
		log.Fatal(err)
	}
	fails := func(payload []byte) bool {
		return bytes.Contains(payload, []byte(`"crash"`)) && bytes.Count(payload, []byte(`"sku"`)) > 1
	}
	r := hdd.Reducer{Oracle: hdd.OracleFunc(fails)}
	res, err := r.Reduce(context.Background(), doc.Tree, doc.Policy)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s", res.Output) // compacted, with a final newline, by a tidy of JSON's policy
	fmt.Printf("%d -> %d bytes in %d test runs\n", res.Stats.BytesBefore, res.Stats.BytesAfter, res.Stats.Tests)
	// Output:
	// {"items":[{"sku":""},{"sku":""}],"tags":"crash"}
	// 164 -> 49 bytes in 47 test runs
}
