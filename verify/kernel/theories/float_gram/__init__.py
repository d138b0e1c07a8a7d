"""Theory float_gram: e_H of a real-size SSM layer bounded through float64 arithmetic with a-priori error bounds.

The only kernel code allowed numpy (float_gram.py, imported lazily when a float_gram obligation is checked);
docs/trusted-base.md, "Float64 Gram bounds, re-checked by the kernel", has the assumptions and the argument.
"""
