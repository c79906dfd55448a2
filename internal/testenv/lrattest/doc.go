// Package lrattest checks, for tests, the LRAT files pipesat writes
// (drat's Checker.LRAT, satrun --certify --lrat): with package drat's LRAT
// reader, testenv.CheckLRAT and drat-trim's lrat-check where installed
// (see testenv.VerifyLRAT and testenv.LRATCheckPath). Package drat's own
// tests, which cannot import it, call testenv.VerifyLRAT themselves.
package lrattest
