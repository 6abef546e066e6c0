// graphrun's C++ errors become the Python classes of graphrun/errors.py,
// carrying the CLI's messages: UsageError (a ValueError), InputError (a
// ValueError naming the file and line) and GraphrunRuntimeError (a
// RuntimeError: out of memory, a device failure).
#include "bindings.hpp"
#include "graphrun/error.hpp"

namespace graphrun::python {

void register_errors(py::module_& m) {
  // Looked up once; the module object keeps the classes alive.
  py::module_ errors = py::module_::import("graphrun.errors");
  m.attr("_errors") = errors;
  static PyObject* usage = errors.attr("UsageError").ptr();
  static PyObject* input = errors.attr("InputError").ptr();
  static PyObject* runtime = errors.attr("GraphrunRuntimeError").ptr();
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const UsageError& e) {
      PyErr_SetString(usage, e.what());
    } catch (const InputError& e) {
      py::object error = py::reinterpret_borrow<py::object>(input)(e.what());
      error.attr("file") = e.file();
      error.attr("line") = e.line();
      error.attr("reason") = e.reason();
      PyErr_SetObject(input, error.ptr());
    } catch (const RuntimeError& e) {
      PyErr_SetString(runtime, e.what());
    }
  });
}

}  // namespace graphrun::python
