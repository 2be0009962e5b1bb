#pragma once

#include "McpSnippet.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace engram {

// Help → Connect Other AI Tools: the configuration for Claude Desktop, Cursor, VS Code, Claude
// Code or Cherry Studio with this machine's paths filled in, and a Copy button.
class ConnectToolDialog final : public QDialog
{
    Q_OBJECT

public:
    ConnectToolDialog(const McpSnippet& snippet, QWidget* parent = nullptr);

    QString shownText() const;

private:
    void showClient();
    void copy();
    void retranslate();
    void changeEvent(QEvent* event) override;

    McpSnippet m_snippet;
    QLabel* m_intro{};
    QLabel* m_toolLabel{};
    QComboBox* m_clientCombo{};
    QLabel* m_where{};
    QPlainTextEdit* m_text{};
    QLabel* m_trust{};
    QLabel* m_copied{};
    QPushButton* m_copyButton{};
    QPushButton* m_closeButton{};
};

} // namespace engram
