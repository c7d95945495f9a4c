#!/usr/bin/env python3
"""Flattens a crate into one file: every out-of-line `mod x;` reachable from the crate
root is replaced by `mod x { <contents of its file> }`, recursively, honouring
`#[path = "..."]`, `x.rs` / `x/mod.rs`, nested directories and inline modules (whose
children live in a subdirectory named after them). `include!`, `include_str!` and
`include_bytes!` paths of inlined files are rewritten relative to the crate root's
directory so that they still resolve from there. A `mod x;` whose file does not exist
(typically under a `cfg` for another platform) is left as it is.

Library use: `flatten(root_file) -> (text, inlined_files)`.
Command line: tools/flatten_crate.py ROOT.rs [OUT.rs]   (prints to stdout without OUT)
"""
import os, re, sys

IDENT = re.compile(r"(?:r#)?[A-Za-z_][A-Za-z0-9_]*")


def _skip_ws_comments(s, i):
    """Index of the next character of `s` from `i` that is not whitespace or a comment."""
    n = len(s)
    while i < n:
        c = s[i]
        if c.isspace():
            i += 1
        elif s.startswith("//", i):
            j = s.find("\n", i)
            i = n if j < 0 else j + 1
        elif s.startswith("/*", i):
            i = _skip_block_comment(s, i)
        else:
            break
    return i


def _skip_block_comment(s, i):
    depth, i = 1, i + 2
    while i < len(s) and depth:
        if s.startswith("/*", i):
            depth, i = depth + 1, i + 2
        elif s.startswith("*/", i):
            depth, i = depth - 1, i + 2
        else:
            i += 1
    return i


def _skip_literal(s, i):
    """If a string, raw string, byte string or char literal starts at `i`, its end;
    otherwise None (a lifetime `'a` is not a literal)."""
    m = re.compile(r'(?:b|c)?r(#*)"').match(s, i)
    if m and (i == 0 or not (s[i - 1].isalnum() or s[i - 1] == "_")):
        end = s.find('"' + m.group(1), m.end())
        return len(s) if end < 0 else end + 1 + len(m.group(1))
    m = re.compile(r'(?:b|c)?"').match(s, i)
    if m and (i == 0 or not (s[i - 1].isalnum() or s[i - 1] == "_") or s[i] == '"'):
        j = m.end()
        while j < len(s) and s[j] != '"':
            j += 2 if s[j] == "\\" else 1
        return j + 1
    m = re.compile(r"b?'(?:\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F_]*\}|.)|[^\\'\n])'").match(s, i)
    if m and (i == 0 or not (s[i - 1].isalnum() or s[i - 1] == "_") or s[i] == "'"):
        return m.end()
    return None


def _attrs_before(s, start):
    """The `#[...]` outer attributes written just before position `start` (text)."""
    return s[max(0, start - 2000):start]


PATH_ATTR = re.compile(r'#\s*\[\s*path\s*=\s*"([^"]*)"\s*\]')
INCLUDE = re.compile(r'(\binclude(?:_str|_bytes)?!\s*\(\s*)"([^"]*)"')


def _rewrite_includes(text, file_dir, root_dir):
    def sub(m):
        p = m.group(2)
        if os.path.isabs(p) or "$" in p:
            return m.group(0)
        new = os.path.relpath(os.path.normpath(os.path.join(file_dir, p)), root_dir)
        return f'{m.group(1)}"{new}"'
    return INCLUDE.sub(sub, text)


def _process(path, mod_dir, root_dir, inlined, depth=0):
    """Contents of file `path`, with its out-of-line modules inlined. `mod_dir`: where
    the children of this file's top level live."""
    text = open(path, encoding="utf-8").read()
    inlined.append(os.path.abspath(path))
    if depth:
        text = _rewrite_includes(text, os.path.dirname(path), root_dir)
    out, i, last = [], 0, 0
    stack = []            # inline modules: (brace depth at which they opened, name)
    depth_b = 0
    n = len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j + 1
            continue
        if text.startswith("/*", i):
            i = _skip_block_comment(text, i)
            continue
        if c in "\"'rbc":
            e = _skip_literal(text, i)
            if e is not None:
                i = e
                continue
        if c == "{":
            depth_b += 1
            i += 1
            continue
        if c == "}":
            depth_b -= 1
            while stack and stack[-1][0] > depth_b:
                stack.pop()
            i += 1
            continue
        if c == "m" and text.startswith("mod", i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")) \
                and i + 3 < n and not (text[i + 3].isalnum() or text[i + 3] == "_"):
            j = _skip_ws_comments(text, i + 3)
            m = IDENT.match(text, j)
            if m:
                name = m.group(0).removeprefix("r#")
                k = _skip_ws_comments(text, m.end())
                if k < n and text[k] == "{":
                    stack.append((depth_b + 1, name))
                    depth_b += 1
                    i = k + 1
                    continue
                if k < n and text[k] == ";":
                    before = _attrs_before(text, i)
                    # the attributes of this item: text after the previous item's end
                    cut = max(before.rfind(";"), before.rfind("}"), before.rfind("{"))
                    pm = list(PATH_ATTR.finditer(before[cut + 1:]))
                    here = os.path.join(mod_dir, *[s[1] for s in stack])
                    if pm:
                        base = os.path.dirname(path) if not stack else here
                        child = os.path.normpath(os.path.join(base, pm[-1].group(1)))
                        # a #[path] file is treated as a mod-rs file: its children live beside it
                        child_dir = os.path.dirname(child)
                    else:
                        cands = [os.path.join(here, name + ".rs"), os.path.join(here, name, "mod.rs")]
                        child = next((p for p in cands if os.path.exists(p)), None)
                        if child is None:
                            i = k + 1
                            continue
                        child_dir = os.path.join(here, name) if child.endswith(name + ".rs") else os.path.dirname(child)
                    if not os.path.exists(child):
                        i = k + 1
                        continue
                    body = _process(child, child_dir, root_dir, inlined, depth + 1)
                    out.append(text[last:m.end()])
                    out.append(" {\n" + body + ("\n" if not body.endswith("\n") else "") + "}")
                    last = i = k + 1
                    continue
                i = m.end()
                continue
        i += 1
    out.append(text[last:])
    return "".join(out)


def flatten(root):
    """Returns (flattened text of the crate whose root file is `root`, files inlined
    other than the root)."""
    root = os.path.abspath(root)
    inlined = []
    text = _process(root, os.path.dirname(root), os.path.dirname(root), inlined)
    return text, [p for p in inlined if p != root]


if __name__ == "__main__":
    text, files = flatten(sys.argv[1])
    if len(sys.argv) > 2:
        open(sys.argv[2], "w").write(text)
        print(f"inlined {len(files)} files", file=sys.stderr)
    else:
        sys.stdout.write(text)
