#include "llm/JsonReply.h"

#include <QRegularExpression>

#include <string>
#include <vector>

namespace engram {
namespace {

std::optional<Json> parseValue(const std::string& text)
{
    try {
        return Json::parse(text);
    } catch (const nlohmann::json::exception&) {
        return std::nullopt;
    }
}

// The end of the balanced {…} that opens at `start`, skipping brackets inside strings;
// npos when the text ends first (a truncated reply).
std::size_t balancedEnd(const std::string& text, std::size_t start)
{
    int depth = 0;
    bool inString = false;
    bool escaped = false;
    for (std::size_t i = start; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (--depth == 0)
                return i;
        }
    }
    return std::string::npos;
}

// Every fenced block's content, in order; an unclosed fence runs to the end.
std::vector<std::string> fencedBlocks(const QString& reply)
{
    static const QRegularExpression fence(QStringLiteral("```[A-Za-z0-9_-]*[ \\t]*\\n?(.*?)(?:```|$)"),
                                          QRegularExpression::DotMatchesEverythingOption);
    std::vector<std::string> blocks;
    auto it = fence.globalMatch(reply);
    while (it.hasNext())
        blocks.push_back(it.next().captured(1).toStdString());
    return blocks;
}

std::optional<Json> firstBalanced(const std::string& text)
{
    // A stray brace in the prose must not hide the JSON after it, but a reply full of braces must
    // not cost quadratic time either.
    constexpr int kMaxAttempts = 64;
    int attempts = 0;
    for (std::size_t start = text.find('{'); start != std::string::npos && attempts < kMaxAttempts;
         start = text.find('{', start + 1), ++attempts) {
        const std::size_t end = balancedEnd(text, start);
        if (end == std::string::npos)
            continue;
        auto value = parseValue(text.substr(start, end - start + 1));
        if (value && value->is_object())
            return value;
    }
    return std::nullopt;
}

// `text` as a whole, when it is an object (or, with acceptArray, an array).
std::optional<Json> wholeValue(const std::string& text, bool acceptArray)
{
    if (auto value = parseValue(text); value && (value->is_object() || (acceptArray && value->is_array())))
        return value;
    return std::nullopt;
}

std::optional<Json> findIn(const std::string& text, bool acceptArray)
{
    if (auto value = wholeValue(text, acceptArray))
        return value;
    // Arrays only as the whole text: inside prose, "[1]" or "[]" is far more often not the reply.
    return firstBalanced(text);
}

} // namespace

std::optional<Json> JsonReply::find(const QString& reply, bool acceptArray)
{
    if (reply.size() > kMaxReplyChars)
        return std::nullopt;
    // A reply that is JSON as a whole is taken whole: three backticks inside one of its strings
    // would otherwise open a "fence" whose block holds only an inner object (a fuzz finding).
    const std::string whole = reply.trimmed().toStdString();
    if (auto value = wholeValue(whole, acceptArray))
        return value;
    for (const std::string& block : fencedBlocks(reply)) {
        if (auto value = findIn(block, acceptArray))
            return value;
    }
    return firstBalanced(whole);
}

} // namespace engram
