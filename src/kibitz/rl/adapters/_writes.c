/* Writes of one float at many offsets of a float32 array, for the observation trackers.

The trackers (compiled with mypyc) write the few values a move changes into every tracked
seat's row, through a memoryview of the rows. Each write costs the interpreter's item
assignment, about 18 ns, where the store itself is a nanosecond; so the loops that write
one value at several offsets (a field of every row, a card in every row) call these
functions instead. `kibitz.rl.adapters.writes` holds the same functions in Python, which
run wherever this extension is not built or the pure-Python modules run.

Each function takes a memoryview of a writable, C-contiguous float32 buffer and checks every
offset against its length: an offset outside it (a negative one too) raises IndexError and
is not written (the offsets before it are).
*/

#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* The memoryview's data and length in floats, or NULL with an exception set. */
static float *
target(PyObject *view, Py_ssize_t *length)
{
    if (!PyMemoryView_Check(view)) {
        PyErr_SetString(PyExc_TypeError, "the target must be a memoryview");
        return NULL;
    }
    if (((PyMemoryViewObject *)view)->flags & _Py_MEMORYVIEW_RELEASED) {
        PyErr_SetString(PyExc_ValueError, "the target memoryview is released");
        return NULL;
    }
    Py_buffer *buffer = PyMemoryView_GET_BUFFER(view);
    const char *format = buffer->format;
    if (buffer->readonly || buffer->itemsize != 4 || buffer->ndim != 1
        || (buffer->strides != NULL && buffer->strides[0] != 4) || format == NULL
        || !(format[0] == 'f' || (format[0] == '@' && format[1] == 'f'))
        || format[format[0] == '@' ? 2 : 1] != '\0') {
        PyErr_SetString(PyExc_TypeError,
                        "the target must be a writable, contiguous float32 memoryview");
        return NULL;
    }
    *length = buffer->shape != NULL ? buffer->shape[0] : buffer->len / 4;
    return (float *)buffer->buf;
}

/* A call's target, value and offsets, read by `begin` (release the offsets with `end`). */
typedef struct {
    float *data;
    Py_ssize_t length;
    float value;
    PyObject *offsets; /* a list or tuple (`PySequence_Fast`) */
} Call;

/* Read `expected` arguments: the view first, the offsets second, the value last; -1 with an
   exception set. */
static int
begin(PyObject *const *args, Py_ssize_t nargs, Py_ssize_t expected, const char *name,
      Call *call)
{
    if (nargs != expected) {
        PyErr_Format(PyExc_TypeError, "%s() takes %zd arguments (%zd given)", name, expected,
                     nargs);
        return -1;
    }
    double value = PyFloat_AsDouble(args[expected - 1]);
    if (value == -1.0 && PyErr_Occurred()) {
        return -1;
    }
    call->value = (float)value;
    call->data = target(args[0], &call->length);
    if (call->data == NULL) {
        return -1;
    }
    call->offsets = PySequence_Fast(args[1], "offsets must be a sequence");
    return call->offsets == NULL ? -1 : 0;
}

static PyObject *
end(Call *call, int failed)
{
    Py_DECREF(call->offsets);
    if (failed) {
        return NULL;
    }
    Py_RETURN_NONE;
}

/* Store the value at every offset plus `shift`, each checked; -1 with an exception set. */
static int
store_shifted(Call *call, Py_ssize_t shift)
{
    Py_ssize_t count = PySequence_Fast_GET_SIZE(call->offsets);
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(call->offsets, i);
        Py_ssize_t offset = PyNumber_AsSsize_t(item, PyExc_IndexError);
        if (offset == -1 && PyErr_Occurred()) {
            return -1;
        }
        Py_ssize_t at = offset + shift;
        if (at < 0 || at >= call->length) {
            PyErr_Format(PyExc_IndexError, "offset %zd is outside the %zd values", at,
                         call->length);
            return -1;
        }
        call->data[at] = call->value;
    }
    return 0;
}

PyDoc_STRVAR(fill_doc,
             "fill(view, offsets, value): view[o] = value for every offset o of offsets.");

static PyObject *
fill(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    Call call;
    if (begin(args, nargs, 3, "fill", &call) < 0) {
        return NULL;
    }
    return end(&call, store_shifted(&call, 0) < 0);
}

PyDoc_STRVAR(fill_shifted_doc,
             "fill_shifted(view, offsets, shift, value): view[o + shift] = value for every "
             "offset o of offsets.");

static PyObject *
fill_shifted(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    Call call;
    if (begin(args, nargs, 4, "fill_shifted", &call) < 0) {
        return NULL;
    }
    Py_ssize_t shift = PyNumber_AsSsize_t(args[2], PyExc_IndexError);
    int failed = (shift == -1 && PyErr_Occurred()) || store_shifted(&call, shift) < 0;
    return end(&call, failed);
}

PyDoc_STRVAR(fill_grid_doc,
             "fill_grid(view, offsets, shifts, value): view[o + s] = value for every offset "
             "o of offsets and shift s of shifts.");

static PyObject *
fill_grid(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    Call call;
    if (begin(args, nargs, 4, "fill_grid", &call) < 0) {
        return NULL;
    }
    PyObject *shifts = PySequence_Fast(args[2], "shifts must be a sequence");
    if (shifts == NULL) {
        return end(&call, 1);
    }
    int failed = 0;
    Py_ssize_t width = PySequence_Fast_GET_SIZE(shifts);
    for (Py_ssize_t j = 0; j < width && !failed; j++) {
        Py_ssize_t shift = PyNumber_AsSsize_t(PySequence_Fast_GET_ITEM(shifts, j),
                                              PyExc_IndexError);
        failed = (shift == -1 && PyErr_Occurred()) || store_shifted(&call, shift) < 0;
    }
    Py_DECREF(shifts);
    return end(&call, failed);
}

static PyMethodDef methods[] = {
    {"fill", (PyCFunction)(void (*)(void))fill, METH_FASTCALL, fill_doc},
    {"fill_shifted", (PyCFunction)(void (*)(void))fill_shifted, METH_FASTCALL, fill_shifted_doc},
    {"fill_grid", (PyCFunction)(void (*)(void))fill_grid, METH_FASTCALL, fill_grid_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    "kibitz.rl.adapters._writes",
    "One float written at many offsets of a float32 memoryview (see _writes.c).",
    0,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC
PyInit__writes(void)
{
    return PyModule_Create(&module);
}
