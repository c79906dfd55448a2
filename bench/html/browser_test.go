package html

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/pipesat/pipesat/internal/testenv"
)

// browser starts Debian's chromium, headless and offline, for the test's
// life and returns a tab's context. The browser is stopped by cancelling
// its allocator's context (chromedp kills the process it started and
// waits for it), checked by its PID, never by name. Without chromium the
// test skips, unless PIPESAT_REQUIRE_SOLVERS names "chromium" (CI).
func browser(t *testing.T) context.Context {
	path := testenv.Program(t, "chromium")
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
	}
	// A deadline, not a sleep: a browser that hangs fails the test.
	ctx, cancelTime := context.WithTimeout(context.Background(), 2*time.Minute)
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	tctx, cancelTab := chromedp.NewContext(actx)
	if err := chromedp.Do(tctx); err != nil { // starts the browser
		cancelTab()
		cancelAlloc()
		cancelTime()
		t.Fatalf("start chromium: %v", err)
	}
	pid := chromedp.FromContext(tctx).Browser.Process().Pid
	t.Cleanup(func() {
		cancelTab()
		cancelAlloc()
		cancelTime()
		if !testenv.Gone(pid) {
			t.Errorf("chromium (pid %d) still runs after its context was cancelled", pid)
		}
	})
	return tctx
}

// TestBrowser loads the report page of testdata's rows in chromium: no
// console message of error or warning, clicking a header sorts its rows
// (numbers as numbers, "-" last), the filter box hides the rows without
// its text and says how many it shows, an instance's runs open on a
// click, and a screenshot has the window's size.
func TestBrowser(t *testing.T) {
	ctx := browser(t)
	page := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(page, writePage(t, true), 0o644); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var messages []string
	cctx, stopConsole := context.WithCancel(ctx)
	done := make(chan struct{})
	msgs := chromedp.Console(cctx)
	go func() {
		defer close(done)
		for m, err := range msgs {
			if err != nil {
				return
			}
			mu.Lock()
			messages = append(messages, m.String())
			mu.Unlock()
		}
	}()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900), chromedp.Navigate("file://"+page)); err != nil {
		t.Fatal(err)
	}
	checkSort(t, ctx)
	checkFilter(t, ctx)
	checkRuns(t, ctx)
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if dir := os.Getenv("PIPESAT_SCREENSHOT_DIR"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, "report.png"), shot, 0o644); err != nil {
			t.Error(err)
		}
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 1280 || b.Dy() != 900 {
		t.Errorf("screenshot %dx%d, want 1280x900", b.Dx(), b.Dy())
	}
	// A message logged now is the page's last; one more round trip lets
	// it arrive before the collector stops.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[int](`1`)); err != nil {
		t.Fatal(err)
	}
	stopConsole()
	<-done
	for _, m := range messages {
		if strings.HasPrefix(m, "error") || strings.HasPrefix(m, "exception") || strings.HasPrefix(m, "warning") {
			t.Errorf("console: %s", m)
		}
	}
}

// column returns the text of column col of the rows of the table with
// id that are shown.
func column(t *testing.T, ctx context.Context, id string, col int) []string {
	t.Helper()
	js := `Array.from(document.querySelectorAll("#` + id + ` > tbody > tr")).filter(r => !r.hidden).map(r => r.cells[` + strconv.Itoa(col) + `].textContent.trim())`
	out, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](js))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func click(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
		t.Fatalf("click %s: %v", sel, err)
	}
}

// checkSort sorts the Solvers table by name and by PAR-2 (a number), and
// the Instances table by time, where "-" sorts last either way.
func checkSort(t *testing.T, ctx context.Context) {
	const solvers = "t-solvers-table"
	before := column(t, ctx, solvers, 0)
	click(t, ctx, "#"+solvers+" th:nth-child(1)")
	up := column(t, ctx, solvers, 0)
	if !slices.IsSorted(up) || len(up) != len(before) || slices.Equal(up, before) {
		t.Errorf("solvers by name: %q, from %q: want them sorted, and another order", up, before)
	}
	click(t, ctx, "#"+solvers+" th:nth-child(1)")
	down := column(t, ctx, solvers, 0)
	if slices.Reverse(down); !slices.Equal(down, up) {
		t.Errorf("solvers by name, twice: %q, want %q reversed", down, up)
	}
	click(t, ctx, "#"+solvers+" th:nth-child(10)") // PAR-2 (s)
	par2 := floats(t, column(t, ctx, solvers, 9))
	if !slices.IsSorted(par2) {
		t.Errorf("solvers by PAR-2: %v, want increasing", par2)
	}
	const inst = "t-instances-table"
	for range 2 { // up, then down
		click(t, ctx, "#"+inst+" th:nth-child(4)") // time (s)
		times := column(t, ctx, inst, 3)
		if dash := slices.Index(times, "-"); dash >= 0 && slices.ContainsFunc(times[dash:], func(s string) bool { return s != "-" }) {
			t.Errorf("instances by time: %q, want the \"-\" last", times)
		}
	}
}

func floats(t *testing.T, cells []string) []float64 {
	t.Helper()
	var out []float64
	for _, c := range cells {
		f, err := strconv.ParseFloat(c, 64)
		if err != nil {
			t.Fatalf("cell %q: %v", c, err)
		}
		out = append(out, f)
	}
	return out
}

// checkFilter types into the Instances table's filter box.
func checkFilter(t *testing.T, ctx context.Context) {
	const inst = "t-instances-table"
	all := column(t, ctx, inst, 0)
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS(`input[data-table="`+inst+`"]`), "b.non")); err != nil {
		t.Fatal(err)
	}
	shown := column(t, ctx, inst, 0)
	var want []string
	for _, s := range all {
		if strings.Contains(s, "b.non") {
			want = append(want, s)
		}
	}
	if len(want) == 0 || len(want) == len(all) || !slices.Equal(shown, want) {
		t.Errorf("filter b.non shows %q of %q, want %q", shown, all, want)
	}
	count, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#"+inst+"-count")))
	if err != nil {
		t.Fatal(err)
	}
	if wantCount := strconv.Itoa(len(want)) + " of " + strconv.Itoa(len(all)) + " rows"; count != wantCount {
		t.Errorf("filter count %q, want %q", count, wantCount)
	}
}

// checkRuns opens the first instance's runs.
func checkRuns(t *testing.T, ctx context.Context) {
	const first = "#t-instances-table > tbody > tr:not([hidden]) details"
	click(t, ctx, first+" > summary")
	open, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector("`+first+`").open`))
	if err != nil {
		t.Fatal(err)
	}
	runs, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelector("`+first+`").querySelectorAll("tbody tr").length`))
	if err != nil {
		t.Fatal(err)
	}
	if !open || runs == 0 {
		t.Errorf("the first instance's runs: open %v, %d rows", open, runs)
	}
}
