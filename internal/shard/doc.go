// Package shard splits the test cases of a run among machines, as the
// engines that fan work out expect: a case belongs to shard i of n when
// a stable hash of its name (FNV-1a, 64 bits) is i modulo n, so every
// machine decides alone, and the same case lands in the same shard on
// every machine and in every run.
//
// The shard comes from a flag, "i/n" ([Parse]), or from the environment
// that the engine sets ([FromEnv]): Bazel's TEST_SHARD_INDEX and
// TEST_TOTAL_SHARDS; a Kubernetes Indexed Job's JOB_COMPLETION_INDEX,
// with the total in JOB_COMPLETIONS (which the Job's manifest sets:
// Kubernetes does not export it); CircleCI's CIRCLE_NODE_INDEX and
// CIRCLE_NODE_TOTAL. A total of one from the environment is no sharding.
package shard
