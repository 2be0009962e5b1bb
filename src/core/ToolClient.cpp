#include "core/ToolClient.h"

#include "core/EnumNames.h"

namespace engram {
namespace {

constexpr std::array<std::pair<ToolAccess, const char*>, 4> kToolAccess{{
    {ToolAccess::Ask, "ask"},
    {ToolAccess::ReadWrite, "read_write"},
    {ToolAccess::ReadOnly, "read_only"},
    {ToolAccess::Off, "off"},
}};

} // namespace

QString enumName(ToolAccess v)
{
    return enumnames::nameOf(kToolAccess, v);
}

std::optional<ToolAccess> toolAccessFromString(const QString& s)
{
    return enumnames::valueOf(kToolAccess, s);
}

} // namespace engram
