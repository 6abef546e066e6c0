#pragma once
// Vectors crossing between graphrun and Python.
//   in:  numpy arrays as host spans (pybind11 converts dtype and layout);
//        framework tensors in device memory through DLPack (dlpack.hpp).
//   out: a DeviceVector handed over whole. The cpu backend's memory is host
//        memory, so it becomes a numpy array without a copy; a GPU backend's
//        becomes a DeviceArray, which torch.from_dlpack / cupy.from_dlpack
//        take without a copy, or to_numpy() copies to the host.
// Every exported vector keeps its engine alive: its memory belongs to the
// engine's backend.
#include <cstdint>
#include <limits>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "dlpack.hpp"
#include "graphrun/engine.hpp"
#include "graphrun/memory.hpp"

namespace graphrun::python {

namespace py = pybind11;

// An Engine shared by everything that holds its memory; `device` is the
// DLPack device its vectors live on.
struct SharedEngine {
  std::shared_ptr<Engine> engine;
  DLDevice device{kDLCPU, 0};
};

// Python sees vertex ids (vertex_t, unsigned) as int32 in a graph of at most
// 2^31 - 1 vertices, where no_vertex reads -1 as numpy and torch users
// expect, and as uint32 in a larger graph, where no_vertex reads 2^32 - 1.
// The bits are the same either way, so no vector is copied to change its
// type (decision 047). `graph_vertices` is the vertex count of the graph the
// vector belongs to; other element types ignore it.
inline DLDataType vertex_dlpack_type(std::int64_t graph_vertices) {
  const bool signed_ids = graph_vertices <= std::numeric_limits<std::int32_t>::max();
  return {static_cast<std::uint8_t>(signed_ids ? kDLInt : kDLUInt), 32, 1};
}

template <class T>
DLDataType dlpack_type(std::int64_t graph_vertices) {
  if constexpr (std::is_same_v<T, vertex_t>) return vertex_dlpack_type(graph_vertices);
  else if constexpr (std::is_floating_point_v<T>) return {kDLFloat, static_cast<std::uint8_t>(8 * sizeof(T)), 1};
  else if constexpr (std::is_signed_v<T>) return {kDLInt, static_cast<std::uint8_t>(8 * sizeof(T)), 1};
  else return {kDLUInt, static_cast<std::uint8_t>(8 * sizeof(T)), 1};
}

// numpy's name of an element type: "float32", "int32", "uint32".
std::string numpy_name(DLDataType type);

// A vector in a backend's memory, owned jointly by Python objects and DLPack
// consumers; freed (after a device-wide wait, since a consumer's stream may
// still read it) when the last of them lets go.
class DeviceArray {
 public:
  template <class T>
  static DeviceArray adopt(const SharedEngine& shared, DeviceVector<T> vector, std::vector<std::int64_t> shape,
                           std::int64_t graph_vertices) {
    auto memory = std::make_shared<DeviceVector<T>>(std::move(vector));
    T* data = memory->data();
    const bool wait = !memory->empty();
    return DeviceArray(std::make_shared<WaitingOwner>(shared.engine, std::move(memory), wait), data,
                       std::move(shape), dlpack_type<T>(graph_vertices), shared.device,
                       &shared.engine->backend().memory());
  }

  // A read-only view of `size` elements at `data` in the engine's memory,
  // which `owner` keeps alive (a resident graph's arrays); like adopt, the
  // owner is let go only after a device-wide wait.
  template <class T>
  static DeviceArray view(const SharedEngine& shared, std::shared_ptr<void> owner, const T* data, std::int64_t size,
                          std::int64_t graph_vertices) {
    return DeviceArray(std::make_shared<WaitingOwner>(shared.engine, std::move(owner), true), const_cast<T*>(data),
                       {size}, dlpack_type<T>(graph_vertices), shared.device, &shared.engine->backend().memory());
  }

  const std::vector<std::int64_t>& shape() const { return shape_; }
  std::int64_t size() const;
  DLDevice device() const { return device_; }
  DLDataType dtype() const { return dtype_; }
  std::string dtype_name() const { return numpy_name(dtype_); }
  std::uintptr_t data_pointer() const { return reinterpret_cast<std::uintptr_t>(data_); }

  // A new "dltensor" capsule sharing this memory.
  py::capsule to_dlpack() const;
  // A host copy (GPU memory) or a view (host memory).
  py::array to_numpy() const;
  // The numpy view of host memory; only for arrays on the host.
  py::array host_view() const;

 private:
  // Memory of the engine's backend, let go after a device-wide wait (a
  // consumer's stream may still read it) when `wait`.
  struct WaitingOwner {
    WaitingOwner(std::shared_ptr<Engine> e, std::shared_ptr<void> m, bool w)
        : engine(std::move(e)), memory(std::move(m)), wait(w) {}
    WaitingOwner(const WaitingOwner&) = delete;
    WaitingOwner& operator=(const WaitingOwner&) = delete;
    std::shared_ptr<Engine> engine;  // declared first: destroyed after the memory
    std::shared_ptr<void> memory;
    bool wait;
    ~WaitingOwner() {
      // A destructor must not throw: a device error at this point (the
      // device is lost) leaves nothing to do but let the memory go.
      try {
        if (wait) engine->backend().synchronize_device();
      } catch (...) {
      }
    }
  };

  DeviceArray(std::shared_ptr<void> owner, void* data, std::vector<std::int64_t> shape, DLDataType dtype,
              DLDevice device, MemoryResource* memory)
      : owner_(std::move(owner)), data_(data), shape_(std::move(shape)), dtype_(dtype), device_(device),
        memory_(memory) {}

  std::shared_ptr<void> owner_;
  void* data_;
  std::vector<std::int64_t> shape_;
  DLDataType dtype_;
  DLDevice device_;
  MemoryResource* memory_;
};

// A result vector for Python: numpy for host memory, a DeviceArray otherwise.
template <class T>
py::object export_vector(const SharedEngine& shared, DeviceVector<T> vector, std::vector<std::int64_t> shape,
                         std::int64_t graph_vertices) {
  DeviceArray array = DeviceArray::adopt(shared, std::move(vector), std::move(shape), graph_vertices);
  if (array.device().device_type == kDLCPU) return array.host_view();
  return py::cast(std::move(array));
}

void register_device_array(py::module_& m);

}  // namespace graphrun::python
