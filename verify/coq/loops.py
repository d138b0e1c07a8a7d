"""Translation of loop_nest_cost: the loop-nest program, its cost semantics and the claimed counts, memory and depth.

The semantics (LOOPS_PRELUDE, a Coq module included in a file only when one of its obligations has this kind)
is the kernel's (kernel/theories/costs/kind_cost.py): a deep embedding of the statements op, alloc, loop (seq, par,
sum with a width) and call, a list of statements running in order, and procedures on N = 2^K items defined by
recursion on K from their base and step programs. The statement is generated from the goal only: the program
and the procedures as Coq terms, and `run model none program = {| counts, memory, depth |}` for every size
>= 1 (and every power-of-two size n = 2^k, k >= 0), lg_x written Z.log2_up x. The witness's closed forms of
the procedures appear only in the proof (an induction on K).

The proof generator handles loops whose body does not use the loop variable (every loop in certs/); other
goals are not mapped (the semantics would state them, but the symbolic sums are not generated).
"""

from __future__ import annotations

from verify.kernel.core.expr import parse_expression

from .terms import NotMapped, coq_name, real_expr

__all__ = ["LOOP_KINDS", "LOOPS_PRELUDE", "loop_nest_cost"]

LOOPS_PRELUDE = r"""
From Coq Require Import Lia.
(* ===== Loop-nest programs and their cost (kind loop_nest_cost; part of what a reviewer trusts) ===== *)
Module LoopCost.
Local Open Scope Z_scope.
Inductive op := Add | Mul | Div | Exp | Sigmoid | Feature.
Inductive fan_in := FanIn2 | UnboundedFanIn.
(* Operation counts, cells materialized (never freed) and depth. *)
Record cost := Cost { n_add : Z; n_mul : Z; n_div : Z; n_exp : Z; n_sigmoid : Z; n_feature : Z;
  memory : Z; depth : Z }.
Definition none : cost := Cost 0 0 0 0 0 0 0 0.
Definition one_op (o : op) : cost :=
  match o with
  | Add => Cost 1 0 0 0 0 0 0 1 | Mul => Cost 0 1 0 0 0 0 0 1 | Div => Cost 0 0 1 0 0 0 0 1
  | Exp => Cost 0 0 0 1 0 0 0 1 | Sigmoid => Cost 0 0 0 0 1 0 0 1 | Feature => Cost 0 0 0 0 0 1 0 1
  end.
(* a then b: everything adds up; a beside b (at once): counts and memory add up, depth is the larger. *)
Definition then_ (a b : cost) : cost :=
  Cost (n_add a + n_add b) (n_mul a + n_mul b) (n_div a + n_div b) (n_exp a + n_exp b)
    (n_sigmoid a + n_sigmoid b) (n_feature a + n_feature b) (memory a + memory b) (depth a + depth b).
Definition beside (a b : cost) : cost :=
  Cost (n_add a + n_add b) (n_mul a + n_mul b) (n_div a + n_div b) (n_exp a + n_exp b)
    (n_sigmoid a + n_sigmoid b) (n_feature a + n_feature b) (memory a + memory b) (Z.max (depth a) (depth b)).
Definition depth_only (d : Z) : cost := Cost 0 0 0 0 0 0 0 d.
(* Seq: iterations one after another; Par: all at once; Sum w: all at once, then their results (w cells each)
   added up pairwise (fan-in 2: ceil(log2 trips) more depth) or at once (unbounded fan-in: 1 more depth). *)
Inductive mode := Seq | Par | Sum (width : Z).
(* A loop's body is a function of the loop variable v = lo, ..., hi. Call c: a call whose cost is c;
   Rec: in a procedure's step, the call of the procedure itself on N items. *)
Inductive stmt :=
  | Op (o : op)
  | Alloc (cells : Z)
  | Loop (m : mode) (lo hi : Z) (body : Z -> list stmt)
  | Call (c : cost)
  | Rec.
Definition iterations (lo hi : Z) : list Z := map (fun i => lo + Z.of_nat i) (seq 0 (Z.to_nat (hi - lo + 1))).
(* The cost of a statement (rec: the cost of Rec); a list of statements runs in order. *)
Fixpoint cost_of (f : fan_in) (rec : cost) (s : stmt) : cost :=
  match s with
  | Op o => one_op o
  | Alloc e => Cost 0 0 0 0 0 0 e 0
  | Call c => c
  | Rec => rec
  | Loop m lo hi body =>
      let block v := fold_right (fun x acc => then_ (cost_of f rec x) acc) none (body v) in
      let each := map block (iterations lo hi) in
      match m with
      | Seq => fold_right then_ none each
      | Par => fold_right beside (depth_only (depth (block hi))) each
      | Sum w =>
          let c := fold_right beside (depth_only (depth (block hi))) each in
          let trips := hi - lo + 1 in
          Cost (n_add c + w * (trips - 1)) (n_mul c) (n_div c) (n_exp c) (n_sigmoid c) (n_feature c) (memory c)
            (depth c + match f with FanIn2 => Z.log2_up trips | UnboundedFanIn => 1 end)
      end
  end.
Definition run (f : fan_in) (rec : cost) (l : list stmt) : cost :=
  fold_right (fun x acc => then_ (cost_of f rec x) acc) none l.
(* A procedure on N = 2^K items: base is the program on 1 item; step N K the program on 2N items, in which
   Rec is the procedure on N items. *)
Fixpoint procedure (f : fan_in) (base : list stmt) (step : Z -> Z -> list stmt) (K : nat) : cost :=
  match K with
  | O => run f none base
  | S K' => run f (procedure f base step K') (step (2 ^ Z.of_nat K') (Z.of_nat K'))
  end.
(* Helper lemmas for the proofs (not part of any statement). *)
Ltac fields := cbn [n_add n_mul n_div n_exp n_sigmoid n_feature memory depth].
Definition times (t : Z) (c : cost) (d : Z) : cost :=
  Cost (t * n_add c) (t * n_mul c) (t * n_div c) (t * n_exp c) (t * n_sigmoid c) (t * n_feature c)
    (t * memory c) d.
(* Records computed innermost first (call by value), so that no argument is copied before it is a record. *)
Ltac records := cbv beta iota delta [then_ times one_op none n_add n_mul n_div n_exp n_sigmoid n_feature memory depth].
Lemma iterations_length lo hi : length (iterations lo hi) = Z.to_nat (hi - lo + 1).
Proof. unfold iterations. rewrite map_length, seq_length. reflexivity. Qed.
Lemma fold_then_const (c : cost) (l : list Z) :
  fold_right then_ none (map (fun _ => c) l) = times (Z.of_nat (length l)) c (Z.of_nat (length l) * depth c).
Proof.
  induction l as [|x l IH]; cbn [map fold_right length]; [reflexivity|]. rewrite IH. unfold then_, times; fields.
  rewrite Nat2Z.inj_succ. f_equal; ring.
Qed.
Lemma fold_beside_const (c : cost) (l : list Z) :
  fold_right beside (depth_only (depth c)) (map (fun _ => c) l) = times (Z.of_nat (length l)) c (depth c).
Proof.
  induction l as [|x l IH]; cbn [map fold_right length].
  { unfold times, depth_only; cbn [Z.of_nat]; fields; f_equal; ring. }
  rewrite IH. unfold beside, times; fields.
  rewrite Nat2Z.inj_succ, Z.max_id. f_equal; ring.
Qed.
Lemma cost_op f rec o : cost_of f rec (Op o) = one_op o. Proof. reflexivity. Qed.
Lemma cost_alloc f rec e : cost_of f rec (Alloc e) = Cost 0 0 0 0 0 0 e 0. Proof. reflexivity. Qed.
Lemma cost_call f rec c : cost_of f rec (Call c) = c. Proof. reflexivity. Qed.
Lemma cost_rec f rec : cost_of f rec Rec = rec. Proof. reflexivity. Qed.
Lemma loop_seq f rec lo hi l : lo <= hi + 1 ->
  cost_of f rec (Loop Seq lo hi (fun _ => l)) = times (hi - lo + 1) (run f rec l) ((hi - lo + 1) * depth (run f rec l)).
Proof.
  intros H. cbn [cost_of]. fold (run f rec l). rewrite fold_then_const, iterations_length, Z2Nat.id by lia. reflexivity.
Qed.
Lemma loop_par f rec lo hi l : lo <= hi + 1 ->
  cost_of f rec (Loop Par lo hi (fun _ => l)) = times (hi - lo + 1) (run f rec l) (depth (run f rec l)).
Proof.
  intros H. cbn [cost_of]. fold (run f rec l).
  rewrite fold_beside_const, iterations_length, Z2Nat.id by lia. reflexivity.
Qed.
Lemma loop_sum f rec w hi l : 1 <= hi ->
  cost_of f rec (Loop (Sum w) 1 hi (fun _ => l)) =
  let c := times hi (run f rec l) (depth (run f rec l)) in
  Cost (n_add c + w * (hi - 1)) (n_mul c) (n_div c) (n_exp c) (n_sigmoid c) (n_feature c) (memory c)
    (depth c + match f with FanIn2 => Z.log2_up hi | UnboundedFanIn => 1 end).
Proof.
  intros H. cbn [cost_of]. fold (run f rec l). rewrite fold_beside_const, iterations_length, Z2Nat.id by lia.
  replace (hi - 1 + 1) with hi by ring. reflexivity.
Qed.
Lemma pow2_pos (K : Z) : 0 <= K -> 0 < 2 ^ K.
Proof. intros; apply Z.pow_pos_nonneg; lia. Qed.
Ltac loop_step := first [ rewrite cost_op | rewrite cost_alloc | rewrite cost_call | rewrite cost_rec
  | rewrite loop_seq by lia | rewrite loop_par by lia | rewrite loop_sum by lia ].
Ltac costs := repeat (progress (unfold run; cbn [fold_right]) || loop_step);
  records.
Ltac same_cost := records; f_equal; ring.
End LoopCost.
(* ===== End of the loop-nest programs ===== *)
"""

_OPS = {"add": "Add", "mul": "Mul", "div": "Div", "exp": "Exp", "sigmoid": "Sigmoid", "feature": "Feature"}
_FIELDS = ("add", "mul", "div", "exp", "sigmoid", "feature")
_MODEL = {"fan-in-2": "FanIn2", "unbounded-fan-in": "UnboundedFanIn"}
# Names the prelude module defines: a goal symbol with one of these names gets a trailing underscore.
_TAKEN = frozenset(
    """LoopCost op Add Mul Div Exp Sigmoid Feature fan_in FanIn2 UnboundedFanIn cost Cost n_add n_mul n_div n_exp
    n_sigmoid n_feature memory depth none one_op then_ beside depth_only mode Seq Par Sum stmt Op Alloc Loop Call
    Rec iterations cost_of run procedure times program closed Z lia ring""".split()
)


def _nm(name: str) -> str:
    """A goal symbol as a Coq identifier that names none of the prelude's definitions."""
    out = coq_name(name)
    return f"{out}_" if out in _TAKEN or out.startswith("H") else out


def _uses(node: tuple, names: set[str]) -> set[str]:
    """The variables of `names` an expression tree uses."""
    if node[0] == "var":
        return {node[1]} & names
    if node[0] == "num":
        return set()
    return set().union(*(_uses(a, names) for a in node[1:] if isinstance(a, tuple)))


def _integral(node: tuple, where: str) -> None:
    """An integer polynomial expression: integers, variables, +, -, *, powers by natural numbers."""
    kind = node[0]
    if kind == "num":
        if int(node[1]) != node[1]:
            raise NotMapped(f"{where}: non-integer number {node[1]!r}")
        return
    if kind == "var":
        if node[1] == "i":
            raise NotMapped(f"{where}: uses the imaginary unit")
        return
    if kind in ("add", "sub", "mul"):
        _integral(node[1], where)
        _integral(node[2], where)
        return
    if kind == "neg":
        _integral(node[1], where)
        return
    if kind == "pow" and isinstance(node[2], int) and node[2] >= 0:
        _integral(node[1], where)
        return
    raise NotMapped(f"{where}: {kind!r} in a cost expression (only integer polynomials are translated)")


def _z(text: object, names: dict[str, str], where: str) -> str:
    """An integer polynomial of the goal as a Z term (names renamed by `names`; every variable must be there)."""
    if not isinstance(text, str):
        raise NotMapped(f"{where}: expected an expression string")
    node = parse_expression(text, where)
    _integral(node, where)
    unknown = _uses(node, {v for v in _all_vars(node)}) - set(names)
    if unknown:
        raise NotMapped(f"{where}: uses {sorted(unknown)}, not in scope")
    return f"({real_expr(node, names, where)})"


def _all_vars(node: tuple) -> set[str]:
    """Every variable name of an expression tree."""
    if node[0] == "var":
        return {node[1]}
    if node[0] == "num":
        return set()
    return set().union(*(_all_vars(a) for a in node[1:] if isinstance(a, tuple)))


class _Writer:
    """Statements of one goal as Coq terms of type list stmt."""

    def __init__(self, model: str, procs: dict, powers: dict, args: str) -> None:
        self.model, self.procs, self.powers, self.args = model, procs, powers, args

    def block(self, stmts: object, names: dict[str, str], where: str, own: str | None, indent: int) -> str:
        """A list of statements."""
        if not isinstance(stmts, list):
            raise NotMapped(f"{where}: expected a list of statements")
        if not stmts:
            return "[]"
        pad = " " * indent
        parts = [self.stmt(s, names, f"{where}[{k}]", own, indent + 2) for k, s in enumerate(stmts)]
        return "[\n" + ";\n".join(pad + "  " + p for p in parts) + "\n" + pad + "]"

    def stmt(self, s: object, names: dict[str, str], where: str, own: str | None, indent: int) -> str:
        """One statement."""
        if not isinstance(s, dict):
            raise NotMapped(f"{where}: expected a statement object")
        if "op" in s:
            if s["op"] not in _OPS:
                raise NotMapped(f"{where}: unknown operation {s['op']!r}")
            return f"Op {_OPS[s['op']]}"
        if "alloc" in s:
            return f"Alloc {_z(s['alloc'], names, f'{where}.alloc')}"
        if "call" in s:
            if own is not None:
                if s["call"] != own or "size" in s:
                    raise NotMapped(f"{where}: a step calls only its own procedure")
                return "Rec"
            name, size = s["call"], s.get("size")
            if name not in self.procs or size not in self.powers:
                raise NotMapped(f"{where}: a call of a declared procedure on a declared power-of-two size")
            level = _nm(self.powers[size])
            p = _nm(name)
            return f"Call (procedure {self.model} ({p}_base {self.args} 1 0) ({p}_step {self.args}) (Z.to_nat {level}))"
        if "loop" in s:
            mode, var = s["loop"], s.get("var")
            if mode not in ("seq", "par", "sum") or not isinstance(var, str) or var in names:
                raise NotMapped(f"{where}: a loop seq/par/sum with a fresh variable")
            lo = _z(s["from"], names, f"{where}.from")
            hi = _z(s["to"], names, f"{where}.to")
            if _mentions(s["body"], var):
                raise NotMapped(f"{where}: the body uses the loop variable {var!r} (symbolic sums are not generated)")
            inner = dict(names)
            inner[var] = _nm(var)
            body = self.block(s["body"], inner, f"{where}.body", own, indent)
            head = {"seq": "Seq", "par": "Par"}.get(mode) or f"(Sum {_z(s['width'], names, f'{where}.width')})"
            return f"Loop {head} {lo} {hi} (fun {inner[var]} =>\n{' ' * indent}{body})"
        raise NotMapped(f"{where}: unknown statement")


def _mentions(stmts: object, var: str) -> bool:
    """True when an expression inside the statements uses the variable."""
    if isinstance(stmts, list):
        return any(_mentions(s, var) for s in stmts)
    if not isinstance(stmts, dict):
        return False
    for key in ("alloc", "from", "to", "width"):
        if isinstance(stmts.get(key), str) and var in _all_vars(parse_expression(stmts[key], key)):
            return True
    return _mentions(stmts.get("body"), var)


def _record(ops: object, memory: object, depth: object, names: dict[str, str], where: str) -> str:
    """{| n_add := ...; ...; memory := ...; depth := ... |} (operations left out count 0)."""
    if not isinstance(ops, dict) or not set(ops) <= set(_FIELDS):
        raise NotMapped(f"{where}.ops: expected counts of {list(_FIELDS)}")
    fields = [f"n_{k} := {_z(ops[k], names, f'{where}.ops.{k}') if k in ops else '0'}" for k in _FIELDS]
    fields += [f"memory := {_z(memory, names, f'{where}.memory')}", f"depth := {_z(depth, names, f'{where}.depth')}"]
    return "{| " + ";\n      ".join(fields) + " |}"


def loop_nest_cost(goal: dict, witness: object) -> tuple[str, str, str, bool]:
    """The program and procedures (definitions), its cost as stated (statement), and the proof."""
    sizes, powers, procs = goal["sizes"], goal["powers"], goal["procedures"]
    model = _MODEL.get(goal["model"])
    if model is None or not isinstance(sizes, list) or not isinstance(powers, dict) or not isinstance(procs, dict):
        raise NotMapped("loop_nest_cost: malformed goal")
    levels = [powers[x] for x in sizes if x in powers]
    symbols = [*sizes, *levels]
    names = {x: _nm(x) for x in symbols}
    args = " ".join(names[x] for x in symbols)
    params = f"({args} : Z)"
    lg = {f"lg_{x}": f"(Z.log2_up {names[x]})" for x in sizes if x not in powers}
    writer = _Writer(model, procs, powers, args)
    defs = ["Import LoopCost.", "Local Open Scope Z_scope."]
    for p in sorted(procs):
        proc = procs[p]
        own = {**names, proc["size"]: _nm(proc["size"]), proc["level"]: _nm(proc["level"])}
        nk = f"({_nm(proc['size'])} {_nm(proc['level'])} : Z)"
        for part, inner in (("base", ""), ("step", p)):
            text = writer.block(proc[part], own, f"procedures.{p}.{part}", inner if part == "step" else "", 2)
            defs.append(f"Definition {_nm(p)}_{part} {params} {nk} : list stmt :=\n  {text}.")
    defs.append(
        f"Definition program {params} : list stmt :=\n  {writer.block(goal['program'], names, 'program', None, 2)}."
    )
    hyps = [f"1 <= {names[x]}" for x in sizes if x not in powers]
    for x in sizes:
        if x in powers:
            hyps += [f"0 <= {names[powers[x]]}", f"{names[x]} = 2 ^ {names[powers[x]]}"]
    stated = _record(goal["ops"], goal["memory"], goal["depth"], {**names, **lg}, "goal")
    statement = f"forall {args} : Z,\n    " + " ->\n    ".join(
        hyps + [f"run {model} none (program {args}) =\n    {stated}"]
    )
    proof = _proof(goal, witness, names, lg, hyps, args, model)
    return "\n".join(defs) + "\n", statement, proof, False


def _proof(goal: dict, witness: object, names: dict, lg: dict, hyps: list, args: str, model: str) -> str:
    """Intros, the procedures' closed forms by induction on the level, then the program's cost."""
    sizes, powers, procs = goal["sizes"], goal["powers"], goal["procedures"]
    given = witness.get("procedures") if isinstance(witness, dict) else None
    if not isinstance(given, dict) or sorted(given) != sorted(procs):
        raise NotMapped("loop_nest_cost: the witness lacks the procedures' closed forms")
    hnames = [f"H{k}" for k in range(len(hyps))]
    lines = [f"intros {args} {' '.join(hnames)}."]
    for x in sizes:
        if x in powers:
            lines.append(f"pose proof (pow2_pos {names[powers[x]]} ltac:(lia)).")
    substs = "".join(f"subst {names[x]}. " for x in sizes if x in powers)
    for p in sorted(procs):
        proc, closed = procs[p], given[p]
        size, level = _nm(proc["size"]), _nm(proc["level"])
        inner = {**names, **lg, proc["size"]: size, proc["level"]: level}
        if not isinstance(closed, dict):
            raise NotMapped(f"loop_nest_cost: closed form of {p!r}")
        record = _record(closed.get("ops"), closed.get("memory"), closed.get("depth"), inner, f"witness.{p}")
        pn = _nm(p)
        lines += [
            f"assert (Hproc_{pn} : forall Kn : nat, procedure {model} ({pn}_base {args} 1 0) ({pn}_step {args}) Kn =",
            f"  (fun {size} {level} : Z => {record}) (2 ^ Z.of_nat Kn) (Z.of_nat Kn)).",
            "{ induction Kn as [|Kn IH].",
            f"  - change (Z.of_nat 0) with 0. rewrite Z.pow_0_r. cbn [procedure]. unfold {pn}_base. costs.",
            f"    {substs}rewrite ?Z.log2_up_pow2 by lia. same_cost.",
            f"  - cbn [procedure]. rewrite IH. unfold {pn}_step. rewrite Nat2Z.inj_succ, Z.pow_succ_r by lia.",
            "    pose proof (pow2_pos (Z.of_nat Kn) ltac:(lia)).",
            f"    costs. {substs}rewrite ?Z.log2_up_pow2 by lia. unfold Z.succ. same_cost. }}",
        ]
    rewrites = "".join(f"rewrite ?Hproc_{_nm(p)}, ?Z2Nat.id by lia. " for p in sorted(procs))
    lines += [
        f"unfold program. {rewrites}costs.",
        f"{substs}rewrite ?Z.log2_up_pow2 by lia. same_cost.",
    ]
    return "\n  ".join(lines)


LOOP_KINDS: dict = {"loop_nest_cost": loop_nest_cost}
