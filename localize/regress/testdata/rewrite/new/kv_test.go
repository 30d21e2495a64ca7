package kv

import "testing"

func TestParse(t *testing.T) {
	got := Parse("name=Ada Lovelace\nyear=1815")
	if got["name"] != "Ada Lovelace" {
		t.Errorf("Parse(...)[\"name\"] = %q, want \"Ada Lovelace\"", got["name"])
	}
}
