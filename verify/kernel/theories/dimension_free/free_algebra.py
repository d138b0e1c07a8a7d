"""Matrix expressions of symbolic dimensions: a normal form that is valid in every dimension.

An expression is built from matrix atoms whose shapes are named dimensions ("d", "p", ... or the literal
"1"), commuting real scalar symbols, rational numbers, + - * /, integer powers, transposes T(x) and
exponentials exp(s) of 1 x 1 expressions. Its normal form is a sum over words (products of atoms and
transposed atoms) with coefficients that are rational functions of commuting variables, sharing one
denominator. Every rewriting step is an identity of real matrices of *any* sizes consistent with the
shapes:
  * associativity, distributivity and bilinearity of the product; (XY)^T = Y^T X^T, (X^T)^T = X;
  * a word is cut wherever its inner dimension is the literal 1; a piece of shape 1 x 1 is a real number,
    so it commutes with every factor and equals its own transpose: it becomes a commuting *word variable*
    (the smaller of the piece and its transpose names it); what is left is one word of shape n x m;
  * exp(s) becomes a commuting *exponential variable*; two exponentials whose exponents are equal as
    rational functions get the same variable, and exp(0) = 1.
Distinct variables are treated as independent, so an identity of normal forms holds for every value of
the variables, in particular for the values the words and exponentials take (sound, not complete). It
holds wherever every denominator met while evaluating is nonzero (the caller's statement says where).
"""

from __future__ import annotations

from flint import fmpq

from ...core.errors import KernelError
from ...core.expr import BINARY, Node, left_spine
from ...core.limits import MAX_EXPONENT, MAX_TERMS, bits_factor, charge

__all__ = ["Algebra", "Value", "p_add", "p_mul", "p_sub", "p_scale", "p_partial", "p_bits", "ONE_P"]

Monomial = tuple[tuple[str, int], ...]  # sorted (variable, exponent) pairs
SPoly = dict[Monomial, fmpq]  # nonzero coefficients only
Letter = tuple[str, bool]  # (atom, transposed)
Word = tuple[Letter, ...]
ONE_P: SPoly = {(): fmpq(1)}
# Units charged per polynomial product and per expression node on top of the term work: the fixed cost of a
# small operation in Python (measured: about 9 us per product of one-term polynomials, 12 us per node).
CALL_COST = 12
PAIR_COST = 10  # units per pair of terms multiplied (monomials are merged as sorted tuples: 3 to 8 us a pair)


def p_bits(a: SPoly) -> int:
    """The largest bit length of a numerator or denominator among the coefficients."""
    charge(len(a), "coefficient sizes")
    return max((max(c.p.bit_length(), c.q.bit_length()) for c in a.values()), default=0)


def p_add(a: SPoly, b: SPoly, sign: int = 1) -> SPoly:
    """a + sign * b."""
    charge(CALL_COST // 4 + len(a) + len(b), "polynomial sum")
    out = dict(a)
    for m, c in b.items():
        value = out.get(m, fmpq(0)) + (c if sign > 0 else -c)
        if value == 0:
            out.pop(m, None)
        else:
            out[m] = value
    return out


def p_sub(a: SPoly, b: SPoly) -> SPoly:
    """a - b."""
    return p_add(a, b, -1)


def p_scale(a: SPoly, c: fmpq) -> SPoly:
    """c * a."""
    charge(len(a), "polynomial scaling")
    return {m: x * c for m, x in a.items()} if c != 0 else {}


def _mono_mul(m1: Monomial, m2: Monomial) -> Monomial:
    """The product of two monomials."""
    if not m1 or not m2:
        return m1 or m2
    out = dict(m1)
    for v, e in m2:
        out[v] = out.get(v, 0) + e
    return tuple(sorted(out.items()))


def p_mul(a: SPoly, b: SPoly) -> SPoly:
    """a * b, charged by term pairs and coefficient size."""
    charge(CALL_COST + PAIR_COST * len(a) * len(b) * bits_factor(max(p_bits(a), p_bits(b))), "polynomial product")
    out: SPoly = {}
    for m1, c1 in a.items():
        for m2, c2 in b.items():
            m = _mono_mul(m1, m2)
            value = out.get(m, fmpq(0)) + c1 * c2
            if value == 0:
                out.pop(m, None)
            else:
                out[m] = value
        if len(out) > MAX_TERMS:
            raise KernelError("polynomial", f"product has more than {MAX_TERMS} terms")
    return out


def p_partial(a: SPoly, var: str) -> SPoly:
    """The partial derivative in one variable."""
    charge(len(a), "partial derivative")
    out: SPoly = {}
    for m, c in a.items():
        powers = dict(m)
        e = powers.get(var, 0)
        if e:
            if e == 1:
                del powers[var]
            else:
                powers[var] = e - 1
            out[tuple(sorted(powers.items()))] = c * e
    return out


class Value:
    """A normal form: shape (rows, cols), {residual word: numerator polynomial}, one nonzero denominator."""

    __slots__ = ("shape", "terms", "den")

    def __init__(self, shape: tuple[str, str], terms: dict[Word, SPoly], den: SPoly) -> None:
        """A value; zero numerators are dropped."""
        self.shape = shape
        self.terms = {w: p for w, p in terms.items() if p}
        self.den = den

    def is_scalar(self) -> bool:
        """True for a 1 x 1 value."""
        return self.shape == ("1", "1")

    def scalar_num(self) -> SPoly:
        """The numerator of a 1 x 1 value."""
        return self.terms.get((), {})


class Algebra:
    """The atoms (with shapes), the scalar symbols and the exponential variables met so far."""

    def __init__(self, atoms: dict[str, tuple[str, str]], scalars: tuple[str, ...]) -> None:
        """An algebra over the given atoms and scalar symbols, with no exponential met yet."""
        self.atoms = atoms
        self.scalars = set(scalars)
        self.exps: list[tuple[str, SPoly, SPoly]] = []  # (variable, exponent numerator, denominator)

    # --- words -----------------------------------------------------------------------------------------

    def _letter_shape(self, letter: Letter) -> tuple[str, str]:
        """The shape of an atom or of its transpose."""
        rows, cols = self.atoms[letter[0]]
        return (cols, rows) if letter[1] else (rows, cols)

    def word_shape(self, word: Word) -> tuple[str, str]:
        """The shape of a nonempty word."""
        return (self._letter_shape(word[0])[0], self._letter_shape(word[-1])[1])

    @staticmethod
    def transpose_word(word: Word) -> Word:
        """The transpose of a word: reversed, each letter transposed."""
        return tuple((name, not flag) for name, flag in reversed(word))

    @staticmethod
    def word_variable(piece: Word) -> str:
        """The commuting variable of a 1 x 1 piece: named by the smaller of the piece and its transpose."""
        key = min(piece, Algebra.transpose_word(piece))
        return "w:" + " ".join(name + ("'" if flag else "") for name, flag in key)

    def normalize_word(self, word: Word) -> tuple[Monomial, Word]:
        """Cut at inner dimensions 1, turn the 1 x 1 pieces into variables; (monomial, residual word)."""
        charge(len(word), "word normal form")
        cuts = [k for k in range(1, len(word)) if self._letter_shape(word[k])[0] == "1"]
        bounds = [0, *cuts, len(word)]
        pieces = [word[s:e] for s, e in zip(bounds, bounds[1:])]
        powers: dict[str, int] = {}
        residual: list[Letter] = []
        for piece in pieces:
            if self.word_shape(piece) == ("1", "1"):
                name = self.word_variable(piece)
                powers[name] = powers.get(name, 0) + 1
            else:
                residual.extend(piece)
        return tuple(sorted(powers.items())), tuple(residual)

    # --- constructors ----------------------------------------------------------------------------------

    def number(self, value: fmpq) -> Value:
        """A rational number (a 1 x 1 value)."""
        return Value(("1", "1"), {(): {(): value}} if value != 0 else {}, dict(ONE_P))

    def variable(self, name: str) -> Value:
        """A scalar symbol or a matrix atom."""
        if name in self.scalars:
            return Value(("1", "1"), {(): {(("s:" + name, 1),): fmpq(1)}}, dict(ONE_P))
        monomial, residual = self.normalize_word(((name, False),))
        return Value(self._letter_shape((name, False)), {residual: {monomial: fmpq(1)}}, dict(ONE_P))

    # --- operations ------------------------------------------------------------------------------------

    def add(self, x: Value, y: Value, sign: int, where: str) -> Value:
        """x + sign * y (equal shapes)."""
        if x.shape != y.shape:
            raise KernelError(where, f"adding shapes {x.shape} and {y.shape}")
        if x.den == y.den:
            xs, ys, den = x.terms, y.terms, x.den
        else:
            xs = {w: p_mul(p, y.den) for w, p in x.terms.items()}
            ys = {w: p_mul(p, x.den) for w, p in y.terms.items()}
            den = p_mul(x.den, y.den)
        out = dict(xs)
        for w, p in ys.items():
            out[w] = p_add(out.get(w, {}), p, sign)
        return Value(x.shape, out, den)

    def mul(self, x: Value, y: Value, where: str) -> Value:
        """x * y: scalar multiplication when either side is 1 x 1, else the matrix product."""
        if x.is_scalar() or y.is_scalar():
            s, m = (x, y) if x.is_scalar() else (y, x)
            terms = {w: p_mul(s.scalar_num(), p) for w, p in m.terms.items()}
            return Value(m.shape, terms, p_mul(x.den, y.den))
        if x.shape[1] != y.shape[0]:
            raise KernelError(where, f"multiplying shapes {x.shape} and {y.shape}")
        out: dict[Word, SPoly] = {}
        for w1, p1 in x.terms.items():
            for w2, p2 in y.terms.items():
                monomial, residual = self.normalize_word(w1 + w2)
                term = p_mul(p_mul(p1, p2), {monomial: fmpq(1)})
                out[residual] = p_add(out.get(residual, {}), term)
        shape = (x.shape[0], y.shape[1])
        return Value(shape, out, p_mul(x.den, y.den))

    def div(self, x: Value, y: Value, where: str) -> Value:
        """x / y for a 1 x 1 y whose numerator is not the zero polynomial."""
        if not y.is_scalar():
            raise KernelError(where, f"dividing by a value of shape {y.shape}, expected 1 x 1")
        if not y.scalar_num():
            raise KernelError(where, "division by an expression that is identically zero")
        terms = {w: p_mul(p, y.den) for w, p in x.terms.items()}
        return Value(x.shape, terms, p_mul(x.den, y.scalar_num()))

    def power(self, x: Value, k: int, where: str) -> Value:
        """x^k for k >= 1 (square x), or k = 0 for a 1 x 1 x."""
        if k > MAX_EXPONENT:
            raise KernelError(where, f"exponent {k} exceeds {MAX_EXPONENT}")
        if k == 0 and x.is_scalar():
            return self.number(fmpq(1))
        if k == 0 or x.shape[0] != x.shape[1]:
            raise KernelError(where, f"power {k} of a value of shape {x.shape}")
        out = x
        for _ in range(k - 1):
            out = self.mul(out, x, where)
        return out

    def transpose(self, x: Value) -> Value:
        """x^T: every residual word transposed; coefficients are 1 x 1 and equal their transposes."""
        out: dict[Word, SPoly] = {}
        for w, p in x.terms.items():
            monomial, residual = self.normalize_word(self.transpose_word(w)) if w else ((), ())
            out[residual] = p_add(out.get(residual, {}), p_mul(p, {monomial: fmpq(1)}))
        return Value((x.shape[1], x.shape[0]), out, x.den)

    def exp_variable(self, num: SPoly, den: SPoly) -> str | None:
        """The variable of exp(num/den), shared by equal exponents; None when the exponent is 0 (exp = 1)."""
        if not num:
            return None
        if any(v.startswith("e:") for m in (*num, *den) for v, _ in m):
            raise KernelError("exp", "nested exponentials are not supported")
        for name, n2, d2 in self.exps:
            if p_mul(num, d2) == p_mul(n2, den):
                return name
        name = f"e:{len(self.exps)}"
        self.exps.append((name, num, den))
        return name

    def exp(self, x: Value, where: str) -> Value:
        """exp of a 1 x 1 value."""
        if not x.is_scalar():
            raise KernelError(where, f"exp of a value of shape {x.shape}, expected 1 x 1")
        name = self.exp_variable(x.scalar_num(), x.den)
        if name is None:
            return self.number(fmpq(1))
        return Value(("1", "1"), {(): {((name, 1),): fmpq(1)}}, dict(ONE_P))

    # --- evaluation ------------------------------------------------------------------------------------

    def evaluate(self, node: Node, lets: dict[str, Value], where: str) -> Value:
        """The normal form of an expression tree; names are lets, scalar symbols or atoms."""
        kind = node[0]
        charge(CALL_COST, "expression node")
        if kind == "num":
            return self.number(fmpq(node[1]))
        if kind == "var":
            name = node[1]
            if name in lets:
                return lets[name]
            if name in self.scalars or name in self.atoms:
                return self.variable(name)
            raise KernelError(where, f"unknown name {name!r}")
        if kind == "neg":
            inner = self.evaluate(node[1], lets, where)
            return Value(inner.shape, {w: p_scale(p, fmpq(-1)) for w, p in inner.terms.items()}, inner.den)
        if kind == "pow":
            return self.power(self.evaluate(node[1], lets, where), node[2], where)
        if kind == "call":
            if len(node[2]) != 1 or node[1] not in ("T", "exp"):
                raise KernelError(where, f"unknown function {node[1]!r}; expected T(x) or exp(s)")
            inner = self.evaluate(node[2][0], lets, where)
            return self.transpose(inner) if node[1] == "T" else self.exp(inner, where)
        if kind not in BINARY:
            raise KernelError(where, f"unexpected expression node {kind!r}")
        base, steps = left_spine(node)
        acc = self.evaluate(base, lets, where)
        for op, right in steps:
            value = self.evaluate(right, lets, where)
            if op in ("add", "sub"):
                acc = self.add(acc, value, 1 if op == "add" else -1, where)
            elif op == "mul":
                acc = self.mul(acc, value, where)
            else:
                acc = self.div(acc, value, where)
        return acc
