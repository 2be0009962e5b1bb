#pragma once

#include <QString>

#include <array>
#include <optional>
#include <utility>

// The names of an enum's values as stored and printed, from a table of (value, name) pairs.
namespace engram::enumnames {

template <typename E, std::size_t N>
QString nameOf(const std::array<std::pair<E, const char*>, N>& table, E value)
{
    for (const auto& [e, name] : table) {
        if (e == value)
            return QString::fromLatin1(name);
    }
    return {};
}

template <typename E, std::size_t N>
std::optional<E> valueOf(const std::array<std::pair<E, const char*>, N>& table, const QString& s)
{
    for (const auto& [e, name] : table) {
        if (s == QLatin1String(name))
            return e;
    }
    return std::nullopt;
}

} // namespace engram::enumnames
