#include "arrays.hpp"

#include <functional>
#include <numeric>
#include <stdexcept>

#include <pybind11/stl.h>

namespace graphrun::python {

std::int64_t DeviceArray::size() const {
  return std::accumulate(shape_.begin(), shape_.end(), std::int64_t{1}, std::multiplies<>());
}

std::string numpy_name(DLDataType type) {
  const std::string bits = std::to_string(type.bits);
  switch (type.code) {
    case kDLFloat: return "float" + bits;
    case kDLInt: return "int" + bits;
    case kDLUInt: return "uint" + bits;
  }
  return "unknown";
}

namespace {

// What a DLManagedTensor's manager_ctx holds: a share of the memory, and the
// shape the tensor points into.
struct ExportContext {
  std::shared_ptr<void> owner;
  std::vector<std::int64_t> shape;
};

void delete_managed(DLManagedTensor* managed) {
  delete static_cast<ExportContext*>(managed->manager_ctx);
  delete managed;
}

// A capsule nobody consumed still owns its tensor.
void delete_unused_capsule(PyObject* capsule) {
  if (!PyCapsule_IsValid(capsule, "dltensor")) return;  // consumed: renamed "used_dltensor"
  auto* managed = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule, "dltensor"));
  if (managed != nullptr && managed->deleter != nullptr) managed->deleter(managed);
}

}  // namespace

py::capsule DeviceArray::to_dlpack() const {
  auto context = std::make_unique<ExportContext>(ExportContext{owner_, shape_});
  auto managed = std::make_unique<DLManagedTensor>();
  managed->dl_tensor = DLTensor{data_, device_, static_cast<std::int32_t>(shape_.size()), dtype_,
                                context->shape.data(), nullptr, 0};
  managed->manager_ctx = context.release();
  managed->deleter = delete_managed;
  PyObject* capsule = PyCapsule_New(managed.get(), "dltensor", delete_unused_capsule);
  if (capsule == nullptr) {
    delete_managed(managed.release());
    throw py::error_already_set();
  }
  managed.release();
  return py::reinterpret_steal<py::capsule>(capsule);
}

py::array DeviceArray::host_view() const {
  if (device_.device_type != kDLCPU) throw std::logic_error("DeviceArray::host_view on device memory");
  // The capsule holds a share of the owner: numpy's base keeps it alive.
  auto* share = new std::shared_ptr<void>(owner_);
  py::capsule base(share, [](void* p) { delete static_cast<std::shared_ptr<void>*>(p); });
  return py::array(py::dtype(dtype_name()), shape_, {}, data_, base);
}

py::array DeviceArray::to_numpy() const {
  if (device_.device_type == kDLCPU) return host_view();
  py::array host(py::dtype(dtype_name()), shape_);
  const auto bytes = static_cast<std::size_t>(size()) * (dtype_.bits / 8);
  {
    py::gil_scoped_release unlocked;
    memory_->copy(host.mutable_data(), data_, bytes, CopyKind::backend_to_host);
  }
  return host;
}

void register_device_array(py::module_& m) {
  py::class_<DeviceArray>(m, "DeviceArray",
                          "A result vector in GPU memory. torch.from_dlpack(a) and cupy.from_dlpack(a) "
                          "take it without a copy; a.to_numpy() copies it to the host.")
      .def_property_readonly("shape", [](const DeviceArray& a) { return py::tuple(py::cast(a.shape())); })
      .def_property_readonly("dtype", [](const DeviceArray& a) { return py::dtype(a.dtype_name()); })
      .def_property_readonly("device", [](const DeviceArray& a) {
        return py::make_tuple(static_cast<int>(a.device().device_type), a.device().device_id);
      })
      .def_property_readonly("data_pointer", &DeviceArray::data_pointer,
                             "The address of the first element (for identity checks)")
      .def("__len__", [](const DeviceArray& a) { return a.shape().empty() ? 0 : a.shape().front(); })
      .def("to_numpy", &DeviceArray::to_numpy, "A host copy as a numpy array")
      .def("__array__", [](const DeviceArray& a, py::args, py::kwargs) { return a.to_numpy(); })
      // Results are complete when graphrun returns them, so the consumer's
      // stream needs no wait: `stream` and the newer keywords are accepted
      // and the unversioned capsule is returned.
      .def("__dlpack__", [](const DeviceArray& a, py::kwargs) { return a.to_dlpack(); })
      .def("__dlpack_device__", [](const DeviceArray& a) {
        return py::make_tuple(static_cast<int>(a.device().device_type), a.device().device_id);
      })
      .def("__repr__", [](const DeviceArray& a) {
        std::string shape;
        for (std::size_t d = 0; d < a.shape().size(); ++d) shape += (d ? ", " : "") + std::to_string(a.shape()[d]);
        if (a.shape().size() == 1) shape += ",";
        return "graphrun.DeviceArray(shape=(" + shape + "), dtype=" + a.dtype_name() + ", device=cuda:" +
               std::to_string(a.device().device_id) + ")";
      });
}

}  // namespace graphrun::python
