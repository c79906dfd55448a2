package run

import "time"

// estimator guesses how long the runs left will take from how long the
// finished ones took, timeouts counted at the time they took. A run not
// started yet is expected to take the mean time of the finished runs of
// the same solver on the same instance (its other reps), else of all
// solvers on the same instance, else of the same solver, else of all
// runs. A running run is expected to take as much more as the finished
// runs (of the same kinds, in that order) that ran longer than it has so
// far took beyond that; when none did, until its timeout, or without one
// as long again. Not safe for concurrent use.
//
// Rates over the last few runs, as progress bar libraries keep them, are
// no good here: in a shuffled suite a stretch of fast answers says little
// about the timeouts still to come. Most of what a run takes is down to
// its instance (a formula too hard for one solver is often too hard for
// all), so the instance's runs tell more than the solver's.
type estimator struct {
	timeout  time.Duration
	all      sample
	solver   map[string]*sample
	instance map[string]*sample
	pair     map[pairKey]*sample
	pending  map[pairKey]int // runs not started
}

type pairKey struct{ solver, instance string }

func keyOf(j *Job) pairKey { return pairKey{j.Solver.Name, j.Instance.Name} }

// sample is the times of finished runs.
type sample struct {
	times []time.Duration
	sum   time.Duration
}

func (s *sample) add(d time.Duration) {
	s.times = append(s.times, d)
	s.sum += d
}

func (s *sample) mean() time.Duration { return s.sum / time.Duration(len(s.times)) }

// beyond returns the mean of d - e over the times d longer than e, and
// whether there was one.
func (s *sample) beyond(e time.Duration) (time.Duration, bool) {
	var sum time.Duration
	n := 0
	for _, d := range s.times {
		if d > e {
			sum += d - e
			n++
		}
	}
	if n == 0 {
		return 0, false
	}
	return sum / time.Duration(n), true
}

// runningJob is a run going on for elapsed.
type runningJob struct {
	job     *Job
	elapsed time.Duration
}

func (e *estimator) init(todo []Job, timeout time.Duration) {
	e.timeout = timeout
	e.solver = map[string]*sample{}
	e.instance = map[string]*sample{}
	e.pair = map[pairKey]*sample{}
	e.pending = map[pairKey]int{}
	for i := range todo {
		e.pending[keyOf(&todo[i])]++
	}
}

// begin records that j started.
func (e *estimator) begin(j *Job) { e.pending[keyOf(j)]-- }

// end records that j ended after d.
func (e *estimator) end(j *Job, d time.Duration) {
	k := keyOf(j)
	e.all.add(d)
	add(e.solver, k.solver, d)
	add(e.instance, k.instance, d)
	add(e.pair, k, d)
}

func add[K comparable](m map[K]*sample, k K, d time.Duration) {
	s := m[k]
	if s == nil {
		s = new(sample)
		m[k] = s
	}
	s.add(d)
}

// samples returns the samples that tell about runs of k, most
// telling first.
func (e *estimator) samples(k pairKey) []*sample {
	var out []*sample
	for _, s := range []*sample{e.pair[k], e.instance[k.instance], e.solver[k.solver]} {
		if s != nil {
			out = append(out, s)
		}
	}
	return append(out, &e.all)
}

// left returns the time until the runs not started and the running ones
// are done, by workers at a time, and false if no run has ended yet.
func (e *estimator) left(running []runningJob, workers int) (time.Duration, bool) {
	if len(e.all.times) == 0 {
		return 0, false
	}
	var work, longest time.Duration
	for k, n := range e.pending {
		if n > 0 {
			work += time.Duration(n) * e.samples(k)[0].mean()
		}
	}
	for _, r := range running {
		more, ok := time.Duration(0), false
		for _, s := range e.samples(keyOf(r.job)) {
			if more, ok = s.beyond(r.elapsed); ok {
				break
			}
		}
		switch {
		case ok:
		case e.timeout > 0:
			more = max(e.timeout-r.elapsed, 0)
		default:
			more = r.elapsed
		}
		work += more
		longest = max(longest, more)
	}
	return max(work/time.Duration(max(workers, 1)), longest), true
}
