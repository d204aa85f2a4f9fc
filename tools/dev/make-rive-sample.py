#!/usr/bin/env python3
"""Writes sample-animations/toggle.riv, a small Rive tab icon made by this project (dev tool).

The file is committed; nothing in the build or the tests runs this script. It is written from the
format's public description (header, then objects as a type key followed by (property key, value)
pairs ended by 0) and shows what a Rive tab needs: an artboard with a shape, two linear animations
and a state machine with a boolean input "isActive" that selecting the tab sets.

    Idle      the resting pose: a grey ring with a dot (one frame)
    Select    the dot grows and turns blue, the ring follows (0.4 s, eased)
    Deselect  back to grey (0.25 s)
"""
import os

from rivewrite import Kinds, header

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "sample-animations", "toggle.riv")

# Type keys and property keys (from the format's definitions) and their field types.
ARTBOARD, NODE, SHAPE, ELLIPSE, FILL, STROKE, SOLID = 1, 2, 3, 4, 20, 24, 18
CUBIC_EASE, LINEAR_ANIM, KEYED_OBJECT, KEYED_PROPERTY, KF_DOUBLE, KF_COLOR = 28, 31, 25, 26, 30, 37
STATE_MACHINE, SM_BOOL, LAYER, ENTRY, ANY, EXIT, ANIM_STATE, TRANSITION, BOOL_COND = 53, 59, 57, 63, 62, 64, 61, 65, 71
BACKBOARD = 23
NAME, PARENT, WIDTH, HEIGHT, X, Y, SCALE_X, SCALE_Y = 4, 5, 7, 8, 13, 14, 16, 17
P_WIDTH, P_HEIGHT, COLOR, THICKNESS = 20, 21, 37, 47
X1, Y1, X2, Y2 = 63, 64, 65, 66
ANIM_NAME, FPS, DURATION = 55, 56, 57
OBJECT_ID, PROPERTY_KEY, FRAME, INTERP_TYPE, INTERP_ID, KF_VALUE, KF_COLOR_VALUE = 51, 53, 67, 68, 69, 70, 88
SM_NAME, BOOL_VALUE, ANIMATION_ID, STATE_TO, DURATION_MS, INPUT_ID, OP = 138, 141, 149, 151, 158, 155, 156
DEFAULT_SM = 236

FLOATS = {WIDTH, HEIGHT, X, Y, SCALE_X, SCALE_Y, P_WIDTH, P_HEIGHT, THICKNESS, X1, Y1, X2, Y2, KF_VALUE}
COLORS = {COLOR, KF_COLOR_VALUE}
STRINGS = {NAME, ANIM_NAME, SM_NAME}
BOOLS = {BOOL_VALUE}


KINDS = Kinds(floats=FLOATS, colors=COLORS, strings=STRINGS, bools=BOOLS)


def obj(type_key, **props):
    """Properties as k<key>=value keywords, written in the order given."""
    return KINDS.obj(type_key, ((int(key[1:]), value) for key, value in props.items()))


def p(**kw):
    return {f"k{k}": v for k, v in kw.items()}


GREY, BLUE = 0xFF8E8E93, 0xFF007AFF


def main():
    objs = [header()]
    add = objs.append
    add(obj(BACKBOARD))
    # Artboard objects (index = position after the artboard).
    add(obj(ARTBOARD, **{f"k{NAME}": "Toggle", f"k{WIDTH}": 48.0, f"k{HEIGHT}": 48.0, f"k{DEFAULT_SM}": 0}))   # 0
    add(obj(SHAPE, **{f"k{NAME}": "Ring", f"k{PARENT}": 0, f"k{X}": 24.0, f"k{Y}": 24.0}))                  # 1
    add(obj(ELLIPSE, **{f"k{PARENT}": 1, f"k{P_WIDTH}": 36.0, f"k{P_HEIGHT}": 36.0}))                       # 2
    add(obj(STROKE, **{f"k{PARENT}": 1, f"k{THICKNESS}": 4.0}))                                            # 3
    add(obj(SOLID, **{f"k{PARENT}": 3, f"k{COLOR}": GREY}))                                                # 4
    add(obj(SHAPE, **{f"k{NAME}": "Dot", f"k{PARENT}": 0, f"k{X}": 24.0, f"k{Y}": 24.0}))                   # 5
    add(obj(ELLIPSE, **{f"k{PARENT}": 5, f"k{P_WIDTH}": 14.0, f"k{P_HEIGHT}": 14.0}))                       # 6
    add(obj(FILL, **{f"k{PARENT}": 5}))                                                                    # 7
    add(obj(SOLID, **{f"k{PARENT}": 7, f"k{COLOR}": GREY}))                                                # 8
    add(obj(CUBIC_EASE, **{f"k{X1}": 0.25, f"k{Y1}": 0.1, f"k{X2}": 0.25, f"k{Y2}": 1.0}))                  # 9

    def key(object_id, prop, frames, color=False):
        add(obj(KEYED_OBJECT, **{f"k{OBJECT_ID}": object_id}))
        add(obj(KEYED_PROPERTY, **{f"k{PROPERTY_KEY}": prop}))
        for i, (frame, value) in enumerate(frames):
            kw = {f"k{FRAME}": frame}
            if i < len(frames) - 1:
                kw[f"k{INTERP_TYPE}"] = 2
                kw[f"k{INTERP_ID}"] = 9
            kw[f"k{KF_COLOR_VALUE if color else KF_VALUE}"] = value
            add(obj(KF_COLOR if color else KF_DOUBLE, **kw))

    add(obj(LINEAR_ANIM, **{f"k{ANIM_NAME}": "Idle", f"k{FPS}": 60, f"k{DURATION}": 1}))
    key(5, SCALE_X, [(0, 1.0)])
    key(5, SCALE_Y, [(0, 1.0)])
    key(8, COLOR, [(0, GREY)], color=True)
    key(4, COLOR, [(0, GREY)], color=True)
    add(obj(LINEAR_ANIM, **{f"k{ANIM_NAME}": "Select", f"k{FPS}": 60, f"k{DURATION}": 24}))
    key(5, SCALE_X, [(0, 1.0), (14, 1.6), (24, 1.35)])
    key(5, SCALE_Y, [(0, 1.0), (14, 1.6), (24, 1.35)])
    key(8, COLOR, [(0, GREY), (24, BLUE)], color=True)
    key(4, COLOR, [(0, GREY), (24, BLUE)], color=True)
    add(obj(LINEAR_ANIM, **{f"k{ANIM_NAME}": "Deselect", f"k{FPS}": 60, f"k{DURATION}": 15}))
    key(5, SCALE_X, [(0, 1.35), (15, 1.0)])
    key(5, SCALE_Y, [(0, 1.35), (15, 1.0)])
    key(8, COLOR, [(0, BLUE), (15, GREY)], color=True)
    key(4, COLOR, [(0, BLUE), (15, GREY)], color=True)

    add(obj(STATE_MACHINE, **{f"k{ANIM_NAME}": "Tab"}))
    add(obj(SM_BOOL, **{f"k{SM_NAME}": "isActive", f"k{BOOL_VALUE}": False}))
    add(obj(LAYER, **{f"k{SM_NAME}": "Selection"}))
    add(obj(ENTRY))                                                    # state 0
    add(obj(TRANSITION, **{f"k{STATE_TO}": 3}))
    add(obj(ANY))                                                      # state 1
    add(obj(EXIT))                                                     # state 2
    add(obj(ANIM_STATE, **{f"k{ANIMATION_ID}": 0}))                    # state 3: Idle
    add(obj(TRANSITION, **{f"k{STATE_TO}": 4}))
    add(obj(BOOL_COND, **{f"k{INPUT_ID}": 0}))                         # isActive == true
    add(obj(ANIM_STATE, **{f"k{ANIMATION_ID}": 1}))                    # state 4: Select
    add(obj(TRANSITION, **{f"k{STATE_TO}": 5}))
    add(obj(BOOL_COND, **{f"k{INPUT_ID}": 0, f"k{OP}": 1}))            # isActive != true
    add(obj(ANIM_STATE, **{f"k{ANIMATION_ID}": 2}))                    # state 5: Deselect
    add(obj(TRANSITION, **{f"k{STATE_TO}": 4}))
    add(obj(BOOL_COND, **{f"k{INPUT_ID}": 0}))
    with open(OUT, "wb") as f:
        f.write(b"".join(objs))
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
