package bad

// Programs that allocate as much as they are asked to (RunOptions.MaxAlloc).

func HugeSlice(n int) int {
	s := make([]int64, n)
	return len(s)
}

func AppendLoop(n int) int {
	var s []int
	for i := range n {
		s = append(s, i)
	}
	return len(s)
}

func ConcatLoop(n int) int {
	s := ""
	for range n {
		s += "0123456789"
	}
	return len(s)
}

func MapLoop(n int) int {
	m := map[int]int{}
	for i := range n {
		m[i] = i
	}
	return len(m)
}

func NewLoop(n int) int {
	var l *node
	for i := range n {
		l = &node{i, l}
	}
	return l.v
}

type node struct {
	v    int
	next *node
}

func BufferedChan(n int) int {
	c := make(chan [4]int, n)
	return cap(c)
}

func Bytes(n int) int {
	s := ""
	for range n {
		s += "x"
	}
	return len([]byte(s)) + len([]rune(s))
}

func GoAlloc(n int) int {
	done := make(chan int)
	go func() { done <- AppendLoop(n) }()
	return <-done
}
