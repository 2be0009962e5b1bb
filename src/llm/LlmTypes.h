#pragma once

#include "core/MemoryTypes.h"

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

namespace engram {

// The values that travel between memory code and the model endpoint: a chat request, its result,
// token usage and embeddings. Plain data, no I/O.

struct ChatMessage
{
    Role role{Role::User};
    QString content;

    static ChatMessage system(QString text) { return {Role::System, std::move(text)}; }
    static ChatMessage user(QString text) { return {Role::User, std::move(text)}; }
    static ChatMessage assistant(QString text) { return {Role::Assistant, std::move(text)}; }
};

// Which configured model a request wants when it names none: the conversation model, or the
// (usually cheaper) model for background work such as extraction and summaries.
enum class ModelUse
{
    Chat,
    Extraction
};

struct ChatRequest
{
    QList<ChatMessage> messages;
    QString model; // empty: the settings' model for `use`
    ModelUse use{ModelUse::Chat};
    std::optional<double> temperature;
    std::optional<int> maxTokens;
    // Ask for a JSON object reply (response_format json_object). Servers that refuse the field get
    // the same request without it; the prompt itself must still ask for JSON.
    bool jsonObject{};
};

struct Usage
{
    int promptTokens{};
    int completionTokens{};
    int totalTokens{};

    friend bool operator==(const Usage&, const Usage&) = default;
};

// The longest chat reply Engram reads, in UTF-16 code units: 1 MiB of text, some 300,000 words,
// hundreds of times a long answer. A model that runs away (or a server that never stops) is cut
// there: the text so far is kept and the rest is not read, so a reply can never fill the memory
// file or the window.
inline constexpr qsizetype kMaxReplyChars = qsizetype{1} << 20;

struct ChatResult
{
    QString text;
    bool truncated{};           // cut at kMaxReplyChars: `text` is its first part, the rest was not read
    QString finishReason;       // "stop", "length", "content_filter", ... ; empty when the server gave none
    std::optional<Usage> usage; // absent when the server did not report it
    QString model;              // the model the server says answered
};

struct EmbeddingResult
{
    QList<QList<float>> vectors; // one per input text, in input order
    QString model;
    std::optional<Usage> usage;
};

} // namespace engram

Q_DECLARE_METATYPE(engram::ChatResult)
Q_DECLARE_METATYPE(engram::EmbeddingResult)
