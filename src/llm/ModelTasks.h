#pragma once

#include "core/MemoryTypes.h"
#include "llm/ExtractionParser.h"
#include "llm/LlmError.h"
#include "llm/Prompts.h"
#include "llm/SummaryParser.h"

#include <QObject>

#include <functional>

namespace engram {

class ChatBackend;

// The two background questions memory asks the model: "what stable facts did the user state?"
// (extraction) and "condense these evicted messages" (summary, merged into an existing summary of
// the same topic). Each sends one non-streamed request and parses the reply; the result arrives
// through the callback, on the thread of `context`, after the call returns.
class ModelTasks final
{
public:
    explicit ModelTasks(ChatBackend& backend);

    using ExtractionDone = std::function<void(const LlmResult<ParsedOperations>&)>;
    using SummaryDone = std::function<void(const LlmResult<SummaryReply>&)>;
    using TextDone = std::function<void(const LlmResult<QString>&)>;

    void extract(PromptLanguage language, const QList<Fact>& known, const QString& userMessage, const QString& reply,
                 QObject* context, ExtractionDone done);
    void summarize(PromptLanguage language, const QList<Message>& messages, const QStringList& knownTopics,
                   QObject* context, SummaryDone done);
    void merge(PromptLanguage language, const QString& topic, const QString& existing, const QString& addition,
               QObject* context, TextDone done);

private:
    void ask(const PromptMessages& prompt, bool json, QObject* context,
             std::function<void(const LlmResult<QString>&)> done);

    ChatBackend& m_backend;
};

} // namespace engram
