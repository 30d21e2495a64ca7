package changes

// align aligns two lists of items, old and new, given by their
// fingerprints and keys (computed only for unaligned items): first by the longest common subsequence of their
// fingerprints (equal items, no change), then, between two aligned items,
// the unaligned ones by their keys (a table's entry by its first field, a
// struct's field by its name): pair is called for each two of the same
// key, which differ, and run for each run of unpaired items between
// (old[oi:oj] replaced by new[ni:nj], either may be empty). It reports
// false, calling neither, when the lists are too long to align (maxLCS).
func align(ofp, nfp []string, okey, nkey func(int) string, run func(oi, oj, ni, nj int), pair func(o, n int)) bool {
	pairs := lcs(ofp, nfp)
	if pairs == nil && len(ofp)*len(nfp) > maxLCS {
		return false
	}
	i, j := 0, 0
	for _, p := range append(pairs, [2]int{len(ofp), len(nfp)}) {
		alignGap(okey, nkey, i, p[0], j, p[1], run, pair)
		i, j = p[0]+1, p[1]+1
	}
	return true
}

// alignGap pairs the unaligned items old[oi:oj] and new[ni:nj] by their
// keys (longest common subsequence), calling run for the runs between.
func alignGap(okey, nkey func(int) string, oi, oj, ni, nj int, run func(oi, oj, ni, nj int), pair func(o, n int)) {
	if oi == oj && ni == nj {
		return
	}
	ok := make([]string, oj-oi)
	for k := range ok {
		ok[k] = okey(oi + k)
	}
	nk := make([]string, nj-ni)
	for k := range nk {
		nk[k] = nkey(ni + k)
	}
	i, j := oi, ni
	for _, p := range append(lcs(ok, nk), [2]int{oj - oi, nj - ni}) {
		run(i, oi+p[0], j, ni+p[1])
		if oi+p[0] < oj {
			pair(oi+p[0], ni+p[1])
		}
		i, j = oi+p[0]+1, ni+p[1]+1
	}
}
