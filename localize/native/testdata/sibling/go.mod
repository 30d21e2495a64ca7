module sibling

go 1.26
