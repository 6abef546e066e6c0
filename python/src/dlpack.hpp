#pragma once
// DLPack's C ABI (https://dmlc.github.io/dlpack/latest/c_api.html, the
// unversioned "dltensor" capsule that every framework speaks), written from
// the specification: the structs below must keep its exact layout.
#include <cstdint>

#include <pybind11/pybind11.h>

namespace graphrun::python {

enum DLDeviceType : std::int32_t { kDLCPU = 1, kDLCUDA = 2, kDLCUDAHost = 3, kDLCUDAManaged = 13 };
enum DLDataTypeCode : std::uint8_t { kDLInt = 0, kDLUInt = 1, kDLFloat = 2 };

struct DLDevice {
  DLDeviceType device_type;
  std::int32_t device_id;
};

struct DLDataType {
  std::uint8_t code;
  std::uint8_t bits;
  std::uint16_t lanes;
};

struct DLTensor {
  void* data;
  DLDevice device;
  std::int32_t ndim;
  DLDataType dtype;
  std::int64_t* shape;
  std::int64_t* strides;  // in elements; null: compact row-major
  std::uint64_t byte_offset;
};

struct DLManagedTensor {
  DLTensor dl_tensor;
  void* manager_ctx;
  void (*deleter)(DLManagedTensor* self);
};

// A tensor borrowed from another framework through its __dlpack__(): valid
// while this object lives; the producer's deleter runs at its end.
class BorrowedTensor {
 public:
  // Calls obj.__dlpack__() and takes the capsule (renamed "used_dltensor",
  // as the protocol asks of a consumer).
  explicit BorrowedTensor(const pybind11::object& obj);
  ~BorrowedTensor();
  BorrowedTensor(const BorrowedTensor&) = delete;
  BorrowedTensor& operator=(const BorrowedTensor&) = delete;

  const DLTensor& tensor() const { return managed_->dl_tensor; }
  // The element pointer (byte_offset applied).
  void* data() const;
  // Row-major without gaps: strides absent, or equal to the compact ones.
  bool compact() const;
  // Drops the tensor without running the producer's deleter: for the
  // interpreter's shutdown, when the deleter could no longer run.
  void forget() { managed_ = nullptr; }

 private:
  DLManagedTensor* managed_ = nullptr;
};

}  // namespace graphrun::python
