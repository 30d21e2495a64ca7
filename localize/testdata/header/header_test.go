package header

import (
	"net/http/httptest"
	"testing"
)

func TestLimit(t *testing.T) {
	rec := httptest.NewRecorder()
	New(5).ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if got := rec.Header()["X-Limit"]; len(got) != 1 || got[0] != "5" {
		t.Errorf("X-Limit %q, want 5", got)
	}
}
