#pragma once

#include "llm/FactOperations.h"

#include <QString>

namespace engram {

// Finds explicit statements about the user in their own message, without the model, in Chinese
// and English ("我叫…", "I work at…", "我转做…了", "记住…", "忘掉我的项目"). Conservative on purpose
// (宁可漏掉，不可错记): questions, jokes, hypotheticals, quoted or reported speech, play and tests,
// and statements about other people yield nothing. Pure: no model, no database.
class RuleExtractor final
{
public:
    // Operations with subject "user" and canonical predicates; empty when nothing was stated
    // plainly. Explicit forms carry confidence 0.9, an explicit "记住/remember" 0.95.
    static FactOperations extract(const QString& userMessage);
};

} // namespace engram
