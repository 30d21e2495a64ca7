// Package cfg computes post-dominators and control dependence for the
// control-flow graphs of [golang.org/x/tools/go/ssa] functions.
//
// go/ssa provides dominators ([ssa.BasicBlock.Idom], [ssa.BasicBlock.Dominates])
// but not their mirror image. Post-dominance is dominance on the reverse
// graph, rooted at a virtual exit node. This package builds that graph as
// follows:
//
//   - every block ending in [ssa.Return] or [ssa.Panic] (or, defensively, any
//     block without successors) has an edge to the virtual exit;
//   - the Recover block ([ssa.Function.Recover]) has no predecessors, being
//     entered only when a deferred call recovers from a panic; it ends in a
//     Return and is treated like any other block, never assumed reachable
//     from the entry;
//   - blocks that cannot reach the exit at all (infinite loops such as
//     "for { ... }" or "select {}") would have no post-dominator. For each
//     such region, the package picks the outermost loop (the back-edge
//     target first met by a depth-first search from the entry) and joins
//     every latch of that loop (every source of a back edge to it) to the
//     virtual exit, as if the loop could leave at the bottom of its body.
//     This repeats until every block reaches the exit. The effect is that an
//     infinite loop is treated like a terminating loop whose condition is
//     never false: the statements of its body post-dominate its header and
//     only the branches inside the body create control dependences.
//
// [PostDominators] computes the immediate post-dominator of every block with
// the iterative algorithm of Cooper, Harvey and Kennedy ("A Simple, Fast
// Dominance Algorithm") and numbers the resulting tree so that
// [PostDomTree.PostDominates] is a constant-time interval test.
//
// [ControlDeps] derives control dependence from the tree (Ferrante,
// Ottenstein and Warren): block Y is control dependent on the edge from an
// If block X to its successor S when Y post-dominates S but does not strictly
// post-dominate X. The blocks dependent on an edge are those on the tree path
// from S up to, but excluding, the immediate post-dominator of X. Only edges
// out of [ssa.If] blocks carry dependences; a Jump has a single successor.
// Because the edges of an If are reported by successor index (0 for then, 1
// for else), a dynamic slicer can attach each executed instruction to the
// most recent branch instance it depends on.
//
// Both functions run in time roughly linear in the number of blocks and edges
// (the iterative algorithm converges in a few passes on the reducible graphs
// Go produces) plus the size of the result.
package cfg
