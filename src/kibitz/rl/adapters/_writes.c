/* Writes of one float at many offsets of a float32 array, for the observation trackers.

The trackers (compiled with mypyc) write the few values a move changes into every tracked
seat's row, through a memoryview of the rows. Each write costs the interpreter's item
assignment, about 18 ns, where the store itself is a nanosecond; so the loops that write
one value at several offsets (a field of every row, a card in every row) call these
functions instead. `kibitz.rl.adapters.writes` holds the same functions in Python, which
run wherever this extension is not built or the pure-Python modules run.

Each function takes a memoryview of a writable, C-contiguous float32 buffer and checks every
offset against its length (IndexError, nothing written past it).
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

/* Item `index` of list or tuple `items` (a `PySequence_Fast` result) as an index. */
static Py_ssize_t
index_at(PyObject *items, Py_ssize_t index)
{
    return PyNumber_AsSsize_t(PySequence_Fast_GET_ITEM(items, index), PyExc_IndexError);
}

/* Store `value` at offset `at`, checked against `length`; -1 with an exception set. */
static int
store(float *data, Py_ssize_t length, Py_ssize_t at, float value)
{
    if (at < 0 || at >= length) {
        if (!PyErr_Occurred()) {
            PyErr_Format(PyExc_IndexError, "offset %zd is outside the %zd values", at, length);
        }
        return -1;
    }
    data[at] = value;
    return 0;
}

/* Check the argument count and read the value (the last argument). */
static int
value_of(PyObject *const *args, Py_ssize_t nargs, Py_ssize_t expected, const char *name,
         float *value)
{
    if (nargs != expected) {
        PyErr_Format(PyExc_TypeError, "%s() takes %zd arguments (%zd given)", name, expected,
                     nargs);
        return -1;
    }
    double number = PyFloat_AsDouble(args[expected - 1]);
    if (number == -1.0 && PyErr_Occurred()) {
        return -1;
    }
    *value = (float)number;
    return 0;
}

PyDoc_STRVAR(fill_doc,
             "fill(view, offsets, value): view[o] = value for every offset o of offsets.");

static PyObject *
fill(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    float value;
    Py_ssize_t length;
    if (value_of(args, nargs, 3, "fill", &value) < 0) {
        return NULL;
    }
    float *data = target(args[0], &length);
    if (data == NULL) {
        return NULL;
    }
    PyObject *offsets = PySequence_Fast(args[1], "offsets must be a sequence");
    if (offsets == NULL) {
        return NULL;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(offsets);
    for (Py_ssize_t i = 0; i < count; i++) {
        if (store(data, length, index_at(offsets, i), value) < 0) {
            Py_DECREF(offsets);
            return NULL;
        }
    }
    Py_DECREF(offsets);
    Py_RETURN_NONE;
}

PyDoc_STRVAR(fill_shifted_doc,
             "fill_shifted(view, offsets, shift, value): view[o + shift] = value for every "
             "offset o of offsets.");

static PyObject *
fill_shifted(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    float value;
    Py_ssize_t length;
    if (value_of(args, nargs, 4, "fill_shifted", &value) < 0) {
        return NULL;
    }
    float *data = target(args[0], &length);
    if (data == NULL) {
        return NULL;
    }
    Py_ssize_t shift = PyNumber_AsSsize_t(args[2], PyExc_IndexError);
    if (shift == -1 && PyErr_Occurred()) {
        return NULL;
    }
    PyObject *offsets = PySequence_Fast(args[1], "offsets must be a sequence");
    if (offsets == NULL) {
        return NULL;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(offsets);
    for (Py_ssize_t i = 0; i < count; i++) {
        Py_ssize_t offset = index_at(offsets, i);
        if (store(data, length, offset == -1 && PyErr_Occurred() ? -1 : offset + shift, value)
            < 0) {
            Py_DECREF(offsets);
            return NULL;
        }
    }
    Py_DECREF(offsets);
    Py_RETURN_NONE;
}

PyDoc_STRVAR(fill_grid_doc,
             "fill_grid(view, offsets, shifts, value): view[o + s] = value for every offset "
             "o of offsets and shift s of shifts.");

static PyObject *
fill_grid(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    float value;
    Py_ssize_t length;
    if (value_of(args, nargs, 4, "fill_grid", &value) < 0) {
        return NULL;
    }
    float *data = target(args[0], &length);
    if (data == NULL) {
        return NULL;
    }
    PyObject *offsets = PySequence_Fast(args[1], "offsets must be a sequence");
    if (offsets == NULL) {
        return NULL;
    }
    PyObject *shifts = PySequence_Fast(args[2], "shifts must be a sequence");
    if (shifts == NULL) {
        Py_DECREF(offsets);
        return NULL;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(offsets);
    Py_ssize_t width = PySequence_Fast_GET_SIZE(shifts);
    for (Py_ssize_t i = 0; i < count; i++) {
        Py_ssize_t offset = index_at(offsets, i);
        for (Py_ssize_t j = 0; j < width; j++) {
            Py_ssize_t shift = index_at(shifts, j);
            int failed = (offset == -1 || shift == -1) && PyErr_Occurred();
            if (failed || store(data, length, offset + shift, value) < 0) {
                Py_DECREF(offsets);
                Py_DECREF(shifts);
                return NULL;
            }
        }
    }
    Py_DECREF(offsets);
    Py_DECREF(shifts);
    Py_RETURN_NONE;
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
