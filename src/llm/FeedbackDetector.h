#pragma once

#include <QString>

namespace engram {

// What a user's reply says about the assistant's previous answer.
enum class Feedback
{
    None,         // not feedback, or not clearly so
    Correction,   // "不对", "错了", "No, that's wrong"
    Confirmation, // "对，没错", "是的，就是这个", "Yes, exactly"
};

// Recognises a bare correction or confirmation of the previous reply, in Chinese and English.
// Conservative (宁可漏掉，不可错记): the message must start with a feedback phrase; questions,
// jokes, hedged or contrasting answers ("对，但是…") and messages about other things are None.
// Pure: no model, no database.
class FeedbackDetector final
{
public:
    static Feedback classify(const QString& userMessage);
};

} // namespace engram
