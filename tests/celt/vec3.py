"""3-vectors and 3 x 3 matrices as Python lists, shared by the independent pure-Python
integrations of tests/celt (rolling_rattleback.py, sliding_stone.py)."""


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def matvec(M, v):
    return [dot(row, v) for row in M]
