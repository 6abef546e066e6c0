1 2
2 3
# comment
3 1
