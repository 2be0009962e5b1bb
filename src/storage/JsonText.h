#pragma once

#include "core/MemoryTypes.h"

#include <QString>

// Conversions between JSON values and the TEXT columns that hold them.
namespace engram::jsontext {

QString dump(const Json& value);
// Parses stored JSON; returns `fallback` (and logs) when the text is not valid JSON.
Json parse(const QString& text, const Json& fallback = Json::object());

inline std::string utf8(const QString& s)
{
    return s.toStdString();
}
inline QString qstr(const std::string& s)
{
    return QString::fromStdString(s);
}

} // namespace engram::jsontext
