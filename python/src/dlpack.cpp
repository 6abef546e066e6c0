#include "dlpack.hpp"

#include <stdexcept>

namespace graphrun::python {

namespace py = pybind11;

BorrowedTensor::BorrowedTensor(const py::object& obj) {
  if (!py::hasattr(obj, "__dlpack__"))
    throw py::type_error("expected an array with __dlpack__ (a torch tensor, a cupy or numpy array), got " +
                         std::string(py::str(py::type::of(obj).attr("__name__"))));
  py::object capsule = obj.attr("__dlpack__")();
  PyObject* raw = capsule.ptr();
  if (!PyCapsule_IsValid(raw, "dltensor"))
    throw py::type_error("__dlpack__ did not return an unused 'dltensor' capsule");
  managed_ = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(raw, "dltensor"));
  if (managed_ == nullptr) throw py::error_already_set();
  // The consumer now owns the tensor: the capsule must not free it again.
  if (PyCapsule_SetName(raw, "used_dltensor") != 0) throw py::error_already_set();
}

BorrowedTensor::~BorrowedTensor() {
  if (managed_ != nullptr && managed_->deleter != nullptr) managed_->deleter(managed_);
}

void* BorrowedTensor::data() const {
  return static_cast<char*>(managed_->dl_tensor.data) + managed_->dl_tensor.byte_offset;
}

bool BorrowedTensor::compact() const {
  const DLTensor& t = managed_->dl_tensor;
  if (t.strides == nullptr) return true;
  std::int64_t expected = 1;
  for (std::int32_t d = t.ndim - 1; d >= 0; --d) {
    if (t.shape[d] != 1 && t.strides[d] != expected) return false;
    expected *= t.shape[d];
  }
  return true;
}

}  // namespace graphrun::python
