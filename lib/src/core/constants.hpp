#pragma once
// Internal constants (M_PI is not standard C++).
namespace limitdir {
inline constexpr double pi = 3.141592653589793238462643383279502884;
}
