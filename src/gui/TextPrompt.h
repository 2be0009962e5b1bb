#pragma once

#include <QString>

#include <optional>

class QWidget;

namespace engram {

// Asks for one line of text (a name or a title), with a seam for tests: a queued answer is
// returned without showing a dialog.
class TextPrompt final
{
public:
    // The trimmed text, or nullopt when the user cancelled or entered nothing.
    static std::optional<QString> ask(QWidget* parent, const QString& title, const QString& label,
                                      const QString& initial = {});

    // Tests: the next ask() returns `text` (nullopt: as if cancelled).
    static void setNextText(std::optional<QString> text);

private:
    static std::optional<std::optional<QString>> s_next;
};

} // namespace engram
